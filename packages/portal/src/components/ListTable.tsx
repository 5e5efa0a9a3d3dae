/**
 * The portal's lists: react-admin's <DataTable> with what every list here shares — no selection, no
 * sorting the server cannot do, 'No Records Found!' when empty (000 §2), rows named for tests and
 * screen readers, and the phone card layout. Columns are `DataTable.Col` children, labelled from
 * `resources.<name>.fields.<source>`.
 */
import { Children, isValidElement, useMemo, type ReactElement, type ReactNode } from 'react';
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

/** A table body whose rows carry a test id (the components keep their identity across renders). */
function bodyNaming(rowTestId: string) {
  const Row = (rowProps: object) => <DataTableRow {...rowProps} data-testid={rowTestId} />;
  return (bodyProps: object) => <DataTableBody {...bodyProps} row={Row} />;
}
