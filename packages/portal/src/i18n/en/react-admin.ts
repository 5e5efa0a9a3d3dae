/**
 * react-admin's own strings where we word them ourselves: the selection's toolbar and checkboxes
 * (the coupon list's bulk actions) and an empty list. The rest come from ra-language-english.
 */
export const reactAdmin = {
  action: {
    bulk_actions: '1 row selected |||| %{smart_count} rows selected',
    select_all: 'Select every row of this page',
    select_row: 'Select this row',
    unselect: 'Deselect all rows',
  },
  navigation: { no_results: 'No Records Found!' },
};
