/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
import type { Translation } from '../catalogue';
import type { preferences as english } from '../en/preferences';

export const preferences: Translation<typeof english> = {
  preferences: {
    title: 'اللغة والمنطقة الزمنية',
    language: 'اللغة',
    menu: 'اللغة: %{language}',
    time_zone: 'المنطقة الزمنية',
    time_zone_help: 'تُعرض التواريخ والأوقات بهذه المنطقة الزمنية. اتركها فارغة لاستخدام المنطقة الزمنية لهذا المتصفح (%{zone}).',
    save: 'حفظ اللغة والمنطقة الزمنية',
    saved: 'تم حفظ اللغة والمنطقة الزمنية.',
  },
};
