/** The RECURSIVE and NON-RECURSIVE price tables (001 §2.1 modal, §2.2 page). */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { cycleLabel, cyclesOf, money, type ProductGroup } from './useProducts';

export function PriceTable({ group, title }: { group: ProductGroup | undefined; title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="overline" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('pp.generate.billing_cycle')}</TableCell>
            <TableCell align="right">{translate('pp.generate.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cyclesOf(group).map((cycle) => (
            <TableRow key={cycle}>
              <TableCell>{cycleLabel(cycle)}</TableCell>
              <TableCell align="right">{money(group?.product[cycle]?.price ?? 0)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
