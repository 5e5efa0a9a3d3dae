/**
 * react-admin's own strings in Russian, laid over ra-language-russian: the keys of react-admin's
 * English tree that the package lacks, the ones whose placeholders, plural forms or typography it has
 * wrong or older than react-admin's, and those we word ourselves — the selection's toolbar and
 * checkboxes (the coupon list's bulk actions) and an empty list.
 */
export const reactAdmin = {
  action: {
    bulk_actions: 'Выбрана %{smart_count} строка |||| Выбраны %{smart_count} строки |||| Выбрано %{smart_count} строк',
    select_all: 'Выбрать все строки на этой странице',
    select_row: 'Выбрать эту строку',
    unselect: 'Снять выделение со всех строк',
  },
  /** A boolean with no value: the package's blank, shown as a dash. */
  boolean: { null: '—' },
  navigation: {
    no_results: 'Записи не найдены',
    no_filtered_results: 'По текущим фильтрам ничего не найдено (%{name}).',
  },
  page: {
    edit: '%{name} «%{recordRepresentation}»',
    show: '%{name} «%{recordRepresentation}»',
    invite: 'Хотите добавить?',
    access_denied: 'Доступ запрещён',
  },
  message: {
    bulk_update_content:
      'Вы уверены, что хотите обновить %{name} %{recordRepresentation}? |||| Вы уверены, что хотите обновить %{smart_count} элемента? |||| Вы уверены, что хотите обновить %{smart_count} элементов?',
    bulk_update_title: 'Обновить %{name} %{recordRepresentation} |||| Обновить %{smart_count} %{name} |||| Обновить %{smart_count} %{name}',
    delete_content: 'Вы уверены, что хотите удалить объект «%{name}»?',
    delete_title: 'Удалить %{name} «%{recordRepresentation}»',
    loading: 'Идёт загрузка, подождите…',
  },
  sort: {
    sort_by: 'Сортировать по полю «%{field_lower_first}» в порядке %{order}',
  },
  notification: {
    updated: 'Обновлён %{smart_count} элемент |||| Обновлено %{smart_count} элемента |||| Обновлено %{smart_count} элементов',
    deleted: 'Удалён %{smart_count} элемент |||| Удалено %{smart_count} элемента |||| Удалено %{smart_count} элементов',
  },
  guesser: {
    empty: {
      title: 'Нет данных для отображения',
      message: 'Проверьте поставщик данных (data provider)',
    },
  },
};
