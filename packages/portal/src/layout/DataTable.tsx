/**
 * The portal's tables: a header row on wide screens, and on a phone each row becomes a card of
 * "label — value" lines, so every column (the actions above all) stays in reach without scrolling
 * sideways. The labels are given once, as the columns; the cells need not repeat them.
 */
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import { TableState } from './TableState';

export interface Column {
  key: string;
  label: string;
  align?: 'right';
}

function stackedOnPhones(columns: Column[]): SxProps<Theme> {
  return (theme: Theme) => {
    const labels = Object.fromEntries(
      columns.map((column, index) => [
        `& tbody td:nth-of-type(${index + 1})::before`,
        column.label
          ? {
              content: JSON.stringify(column.label),
              marginRight: 'auto',
              flexShrink: 0,
              color: theme.palette.text.secondary,
              fontFamily: theme.typography.fontFamily,
              fontWeight: 500,
            }
          : { content: 'none' },
      ]),
    );
    return {
      [theme.breakpoints.down('sm')]: {
        '& thead': { display: 'none' },
        '& tbody tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
        '& tbody td': {
          display: 'flex',
          // MUI lays a right-aligned cell out in reverse; on a card every line reads label first.
          flexDirection: 'row',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 2,
          border: 0,
          py: 0.5,
          textAlign: 'right',
          overflowWrap: 'anywhere',
        },
        ...labels,
        // The loading and 'No Records Found!' rows span the table and carry no label.
        '& tbody td[colspan]': { justifyContent: 'center' },
        '& tbody td[colspan]::before': { content: 'none' },
      },
    };
  };
}

export function DataTable({
  label,
  columns,
  loading = false,
  empty = false,
  children,
}: {
  label: string;
  columns: Column[];
  loading?: boolean;
  empty?: boolean;
  children: ReactNode;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={stackedOnPhones(columns)}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} {...(column.align ? { align: column.align } : {})}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableState loading={loading} empty={empty} colSpan={columns.length} />
          {children}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
