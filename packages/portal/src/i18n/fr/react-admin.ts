/**
 * react-admin's own strings where we word them ourselves: the selection's toolbar and checkboxes
 * (the coupon list's bulk actions), an empty list, the confirmations and empty states whose
 * ra-language-french sentences leave out the resource's name, and the empty choice it leaves
 * blank. The rest come from ra-language-french.
 */
export const reactAdmin = {
  action: {
    bulk_actions: '%{smart_count} ligne sélectionnée |||| %{smart_count} lignes sélectionnées',
    select_all: 'Sélectionner toutes les lignes de cette page',
    select_row: 'Sélectionner cette ligne',
    unselect: 'Désélectionner toutes les lignes',
  },
  // ra-language-french leaves it blank, as English does; a nullable yes/no input's empty choice.
  boolean: { null: 'Non renseigné' },
  message: {
    bulk_delete_content: 'Voulez-vous vraiment supprimer cet élément (%{name}) ? |||| Voulez-vous vraiment supprimer ces %{smart_count} éléments ?',
    bulk_update_content: 'Voulez-vous vraiment modifier cet élément (%{name} %{recordRepresentation}) ? |||| Voulez-vous vraiment modifier ces %{smart_count} éléments ?',
    delete_content: 'Voulez-vous vraiment supprimer cet élément (%{name}) ?',
  },
  navigation: {
    no_results: 'Aucun enregistrement trouvé',
    no_filtered_results: 'Aucun élément (%{name}) ne correspond aux filtres actuels.',
  },
};
