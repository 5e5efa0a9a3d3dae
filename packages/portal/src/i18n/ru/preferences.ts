/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'Язык и часовой пояс',
    language: 'Язык',
    menu: 'Язык: %{language}',
    time_zone: 'Часовой пояс',
    time_zone_help: 'Даты и время показываются в этом часовом поясе. Оставьте поле пустым, чтобы использовать часовой пояс браузера (%{zone}).',
    save: 'Сохранить язык и часовой пояс',
    saved: 'Язык и часовой пояс сохранены.',
  },
};
