/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'Idioma e fuso horário',
    language: 'Idioma',
    menu: 'Idioma: %{language}',
    time_zone: 'Fuso horário',
    time_zone_help: 'Datas e horários são exibidos neste fuso horário. Deixe em branco para usar o deste navegador (%{zone}).',
    save: 'Salvar idioma e fuso horário',
    saved: 'Seu idioma e seu fuso horário foram salvos.',
  },
};
