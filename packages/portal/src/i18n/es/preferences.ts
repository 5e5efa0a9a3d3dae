/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'Idioma y zona horaria',
    language: 'Idioma',
    menu: 'Idioma: %{language}',
    time_zone: 'Zona horaria',
    time_zone_help: 'Las fechas y horas se muestran en esta zona horaria. Déjela vacía para usar la de este navegador (%{zone}).',
    save: 'Guardar idioma y zona horaria',
    saved: 'Se han guardado su idioma y su zona horaria.',
  },
};
