/**
 * react-admin's own strings that ra-language-german lacks or words with an older version's
 * placeholders, and the ones we word ourselves: the selection's toolbar and checkboxes and an empty list.
 */
export const reactAdmin = {
  action: {
    bulk_actions: '1 Zeile ausgewählt |||| %{smart_count} Zeilen ausgewählt',
    // The package writes Swiss German (ss for ß).
    close: 'Schließen',
    close_menu: 'Menü schließen',
    select_all: 'Alle Zeilen dieser Seite auswählen',
    select_row: 'Diese Zeile auswählen',
    unselect: 'Auswahl aller Zeilen aufheben',
    clear_array_input: 'Liste leeren',
    create_item: '%{item} erstellen',
    remove_all_filters: 'Alle Filter entfernen',
    reset: 'Zurücksetzen',
    search_columns: 'Spalten durchsuchen',
    select_all_button: 'Alle auswählen',
    update: 'Aktualisieren',
    move_up: 'Nach oben',
    move_down: 'Nach unten',
    open: 'Öffnen',
    toggle_theme: 'Hell/Dunkel umschalten',
    select_columns: 'Spalten',
    update_application: 'Anwendung neu laden',
  },
  boolean: {
    null: '—',
  },
  page: {
    edit: '%{name} %{recordRepresentation}',
    show: '%{name} %{recordRepresentation}',
    access_denied: 'Zugriff verweigert',
    authentication_error: 'Authentifizierungsfehler',
  },
  message: {
    delete_content: 'Möchten Sie dieses Element (%{name}) wirklich löschen?',
    delete_title: '%{name} %{recordRepresentation} löschen',
    access_denied: 'Sie haben nicht die nötigen Berechtigungen, um diese Seite aufzurufen',
    authentication_error: 'Der Authentifizierungsserver hat einen Fehler gemeldet; Ihre Anmeldedaten konnten nicht geprüft werden.',
    auth_error: 'Beim Prüfen des Authentifizierungstokens ist ein Fehler aufgetreten.',
    bulk_update_content:
      'Möchten Sie %{name} %{recordRepresentation} wirklich aktualisieren? |||| Möchten Sie diese %{smart_count} Elemente wirklich aktualisieren?',
    bulk_update_title: '%{name} %{recordRepresentation} aktualisieren |||| %{smart_count} %{name} aktualisieren',
    clear_array_input: 'Möchten Sie wirklich die ganze Liste leeren?',
    select_all_limit_reached: 'Es gibt zu viele Elemente, um alle auszuwählen. Nur die ersten %{max} Elemente wurden ausgewählt.',
    placeholder_data_warning: 'Netzwerkproblem: Die Daten konnten nicht aktualisiert werden.',
  },
  navigation: {
    page_out_of_boundaries: 'Die Seite %{page} liegt außerhalb des gültigen Bereichs',
    no_results: 'Keine Einträge gefunden',
    clear_filters: 'Filter zurücksetzen',
    no_filtered_results: 'Mit den aktuellen Filtern wurden keine %{name} gefunden.',
    partial_page_range_info: '%{offsetBegin}–%{offsetEnd} von mehr als %{offsetEnd}',
    current_page: 'Seite %{page}',
    page: 'Zu Seite %{page}',
    first: 'Zur ersten Seite',
    last: 'Zur letzten Seite',
    previous: 'Zur vorherigen Seite',
  },
  sort: {
    sort_by: 'Sortieren nach %{field_lower_first} %{order}',
    ASC: 'aufsteigend',
    DESC: 'absteigend',
  },
  auth: {
    email: 'E-Mail',
  },
  notification: {
    not_authorized: 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.',
    application_update_available: 'Eine neue Version ist verfügbar.',
    offline: 'Keine Verbindung. Die Daten konnten nicht abgerufen werden.',
  },
  validation: {
    unique: 'Muss eindeutig sein',
  },
  saved_queries: {
    label: 'Gespeicherte Abfragen',
    query_name: 'Name der Abfrage',
    new_label: 'Aktuelle Abfrage speichern …',
    new_dialog_title: 'Aktuelle Abfrage speichern als',
    remove_label: 'Gespeicherte Abfrage entfernen',
    remove_label_with_name: 'Abfrage „%{name}“ entfernen',
    remove_dialog_title: 'Gespeicherte Abfrage entfernen?',
    remove_message: 'Möchten Sie diesen Eintrag wirklich aus Ihren gespeicherten Abfragen entfernen?',
    help: 'Filtern Sie die Liste und speichern Sie diese Abfrage für später',
  },
  guesser: {
    empty: {
      title: 'Keine Daten zum Anzeigen',
      message: 'Bitte überprüfen Sie Ihren Data Provider',
    },
  },
  configurable: {
    customize: 'Anpassen',
    configureMode: 'Diese Seite konfigurieren',
    inspector: {
      title: 'Inspektor',
      content: 'Bewegen Sie den Mauszeiger über die Elemente der Oberfläche, um sie zu konfigurieren',
      reset: 'Einstellungen zurücksetzen',
      hideAll: 'Alle ausblenden',
      showAll: 'Alle einblenden',
    },
    Datagrid: {
      title: 'Datentabelle',
      unlabeled: 'Unbenannte Spalte #%{column}',
    },
    SimpleForm: {
      title: 'Formular',
      unlabeled: 'Unbenanntes Eingabefeld #%{input}',
    },
    SimpleList: {
      title: 'Liste',
      primaryText: 'Primärer Text',
      secondaryText: 'Sekundärer Text',
      tertiaryText: 'Tertiärer Text',
    },
  },
};
