/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'Langue et fuseau horaire',
    language: 'Langue',
    menu: 'Langue : %{language}',
    time_zone: 'Fuseau horaire',
    time_zone_help: 'Les dates et les heures sont affichées dans ce fuseau horaire. Laissez le champ vide pour utiliser celui de ce navigateur (%{zone}).',
    save: 'Enregistrer la langue et le fuseau horaire',
    saved: 'Votre langue et votre fuseau horaire sont enregistrés.',
  },
};
