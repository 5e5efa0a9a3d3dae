/** The RECURSIVE and NON-RECURSIVE price tables (001 §2.1 modal, §2.2 page), and the addons' monthly prices. */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ADDON_KEYS, DEFAULT_ADDON_MONTHLY_PRICES } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { cyclesOf, useCycleLabel, type ProductGroup } from './useProducts';

/** `level`: h3 under a dialog's title, h2 as a section of the pricing page (headings in order). */
export function PriceTable({ group, title, level = 'h3' }: { group: ProductGroup | undefined; title: string; level?: 'h2' | 'h3' }) {
  const cycleLabel = useCycleLabel();
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <>
      <Typography variant="overline" component={level} sx={{ fontWeight: 700 }}>
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

/** Each addon's monthly price; where the server sends none, 001 §9's default (a dash for multi-login). */
export function AddonPriceTable({ group }: { group: ProductGroup | undefined }) {
  const translate = useTranslate();
  const { money } = useFormat();
  const title = translate('pp.pricing.addons');
  return (
    <>
      <Typography variant="overline" component="h3" sx={{ fontWeight: 700, display: 'block', mt: 2 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableBody>
          {ADDON_KEYS.map((key) => {
            const price = group?.addon[`${key}_monthly_price`] ?? DEFAULT_ADDON_MONTHLY_PRICES[key];
            return (
              <TableRow key={key} data-testid={`addon-price-${key}`}>
                <TableCell>{translate(`pp.pricing.addon_${key}`)}</TableCell>
                <TableCell align="right">{price === null ? '—' : translate('pp.pricing.per_month', { price: money(price) })}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
