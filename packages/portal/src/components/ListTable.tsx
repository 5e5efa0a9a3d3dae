/**
 * The portal's lists: react-admin's <DataTable> with what every list here shares — no selection, no
 * sorting the server cannot do, 'No Records Found!' when empty (000 §2), rows named for tests and
 * screen readers, and the phone card layout. Columns are `DataTable.Col` children, labelled from
 * `resources.<name>.fields.<source>`.
 */
import { Children, isValidElement, useLayoutEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { DataTable, DataTableBody, DataTableRow, useListContext, useResourceContext, useTranslate, type DataTableProps } from 'react-admin';
import { phoneCards } from './phoneCards';

/** 'No Records Found!' in place of the rows. */
export function NoRecords() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4, textAlign: 'center' }} data-testid="no-records">
      <Typography color="text.secondary">{translate('ra.navigation.no_results')}</Typography>
    </Box>
  );
}

export function ListTable({ children, rowTestId, label, ...props }: DataTableProps & { rowTestId: string; label: string; children: ReactNode }) {
  const translate = useTranslate();
  // A list of local data (useList) names its resource in the list context only.
  const listResource = useListContext().resource;
  const resource = useResourceContext(props) ?? listResource;
  const labels = Children.toArray(children)
    .filter((c): c is ReactElement<{ label?: string; source?: string }> => isValidElement(c))
    .map(({ props: c }) => translate(c.label ?? `resources.${resource}.fields.${c.source}`));
  // A list with bulk actions has a checkbox column first, without a label.
  if (props.bulkActionButtons) labels.unshift('');
  const Body = useMemo(() => bodyNaming(rowTestId), [rowTestId]);
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={false}
      hover
      empty={<NoRecords />}
      body={Body}
      aria-label={label}
      sx={phoneCards(labels)}
      resource={resource}
      {...props}
    >
      {children}
    </DataTable>
  );
}

/**
 * react-admin's row checkbox puts its label on the checkbox's outer span, where screen readers do
 * not take it (and axe flags it): it is moved onto the input itself.
 */
function labelRowCheckbox(row: HTMLElement | null) {
  const box = row?.querySelector('.select-item[aria-label]');
  const input = box?.querySelector('input');
  if (!box || !input) return;
  input.setAttribute('aria-label', box.getAttribute('aria-label') ?? '');
  box.removeAttribute('aria-label');
}

/** A table body whose rows carry a test id (the components keep their identity across renders). */
function bodyNaming(rowTestId: string) {
  const Row = (rowProps: object) => {
    const ref = useRef<HTMLTableRowElement>(null);
    useLayoutEffect(() => labelRowCheckbox(ref.current));
    return <DataTableRow {...rowProps} ref={ref} data-testid={rowTestId} />;
  };
  return (bodyProps: object) => <DataTableBody {...bodyProps} row={Row} />;
}
