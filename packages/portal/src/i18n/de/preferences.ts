/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'Sprache und Zeitzone',
    language: 'Sprache',
    menu: 'Sprache: %{language}',
    time_zone: 'Zeitzone',
    time_zone_help: 'Datums- und Zeitangaben werden in dieser Zeitzone angezeigt. Lassen Sie das Feld leer, um die Zeitzone dieses Browsers zu verwenden (%{zone}).',
    save: 'Sprache und Zeitzone speichern',
    saved: 'Ihre Sprache und Zeitzone wurden gespeichert.',
  },
};
