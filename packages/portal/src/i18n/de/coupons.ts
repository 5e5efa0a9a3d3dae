/** Coupons (001 §2–§5): the list, Generate, the prices and the FAQ. */
import type { Translation } from '../catalogue';
import type { coupons as english } from '../en/coupons';

export const coupons: Translation<typeof english> = {
  cycles: {
    monthly: 'Monatstarif (1 Monat)',
    quarterly: 'Quartalstarif (3 Monate)',
    semiannually: 'Halbjahrestarif (6 Monate)',
    annually: 'Jahrestarif (12 Monate)',
    biennially: 'Zweijahrestarif (2 Jahre)',
    triennially: 'Dreijahrestarif (3 Jahre)',
    lifetime: 'Lebenslanger Tarif (5 Jahre)',
  },
  coupons: {
    title: 'Gutscheinliste',
    yes: 'Ja',
    no: 'Nein',
    all: 'Alle',
    recursive: 'Wiederkehrend',
    non_recursive: 'Einmalig',
    delete: 'Gutschein löschen',
    deleted: 'Gutschein erfolgreich gelöscht',
    confirm_text: 'Dies kann nicht rückgängig gemacht werden!',
    confirm_detail: 'Der Gutschein %{code} wird gelöscht und sein Preis Ihrer Wallet gutgeschrieben.',
    confirm_detail_partner: 'Der Gutschein %{code} wird gelöscht und sein Preis von Ihrem offenen Betrag abgezogen.',
    confirm_admin: 'Möchten Sie diesen Gutschein wirklich löschen?',
    email_title: 'Gutschein per E-Mail senden',
    email_help: 'Senden Sie den Gutschein %{code} an Ihren Kunden.',
    recipient: 'E-Mail-Adresse',
    full_name: 'Vollständiger Name',
    send: 'Senden',
    sent: 'Gutschein erfolgreich gesendet',
    bulk_email: 'E-Mail',
    bulk_email_title: 'Gutscheine per E-Mail senden',
    bulk_email_help:
      'Senden Sie den ausgewählten Gutschein an Ihren Kunden. |||| Senden Sie die %{smart_count} ausgewählten Gutscheine an Ihren Kunden, jeden in einer eigenen E-Mail.',
    bulk_export: 'Auswahl exportieren',
    bulk_delete: 'Löschen',
    bulk_confirm_detail:
      'Der ausgewählte Gutschein wird gelöscht und %{amount} Ihrer Wallet gutgeschrieben. |||| Die %{smart_count} ausgewählten Gutscheine werden gelöscht und %{amount} Ihrer Wallet gutgeschrieben.',
    bulk_confirm_detail_partner:
      'Der ausgewählte Gutschein wird gelöscht und %{amount} von Ihrem offenen Betrag abgezogen. |||| Die %{smart_count} ausgewählten Gutscheine werden gelöscht und %{amount} von Ihrem offenen Betrag abgezogen.',
    presets: 'Generierungszeitraum',
    preset_today: 'Heute',
    preset_7d: 'Letzte 7 Tage',
    preset_30d: 'Letzte 30 Tage',
    preset_month: 'Dieser Monat',
  },
};
