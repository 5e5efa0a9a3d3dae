/** The rows a table shows while it loads, and 'No Records Found!' when it is empty (000 §2). */
import { CircularProgress, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'ra-core';

export function TableState({ loading, empty, colSpan }: { loading: boolean; empty: boolean; colSpan: number }) {
  const translate = useTranslate();
  if (loading) {
    return (
      <TableRow>
        <TableCell colSpan={colSpan} align="center">
          <CircularProgress size={24} />
        </TableCell>
      </TableRow>
    );
  }
  if (!empty) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="no-records">
        {translate('ra.navigation.no_results')}
      </TableCell>
    </TableRow>
  );
}
