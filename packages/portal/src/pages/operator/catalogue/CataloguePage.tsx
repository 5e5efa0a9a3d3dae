/**
 * The operator's Catalogue (issue 35) at /{prefix}/catalogue: every product and addon with its list
 * price, whether it is sold, and its scheduled changes; Change price (now or at a chosen time) and
 * Withdraw or Reinstate; and the history of every change, newest first (who, when, from, to).
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DataTable, useCanAccess, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { CYCLES, PAGE_SIZES, type CatalogueAddonRow, type CatalogueChangeRow, type CatalogueProductRow, type Cycle } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';
import { ReadError } from '../../../components/ReadError';
import { useAnsweredAction } from '../../../components/useAnsweredAction';
import type { PricedItem } from './PriceDialog';

const PriceDialog = lazy(() => import('./PriceDialog'));
const Col = DataTable.Col<CatalogueChangeRow>;
type Pending = CatalogueProductRow['pending'][number];
interface Availability {
  item: PricedItem;
  active: boolean;
}

export default function CataloguePage() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const catalogue = useQuery({ queryKey: ['catalogue'], queryFn: () => dataProvider.read('catalogue', {}) });
  const { canAccess: mayChange } = useCanAccess({ resource: 'operator', action: 'changeCataloguePrice' });
  const [pricing, setPricing] = useState<PricedItem | null>(null);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    refresh();
  };
  const { act, busy } = useAnsweredAction(settle);

  const cycleName = (cycle: string) => (cycle in CYCLES ? CYCLES[cycle as Cycle].label : cycle);
  const productName = (p: Pick<CatalogueProductRow, 'billing_type' | 'cycle'>) =>
    translate('pp.catalogue.product_name', { cycle: cycleName(p.cycle), type: translate(p.billing_type === 1 ? 'pp.catalogue.recurring' : 'pp.catalogue.onetime') });
  const addonName = (a: Pick<CatalogueAddonRow, 'key' | 'name'>) => translate(`pp.pricing.addon_${a.key}`, { _: a.name });
  const money = (dollars: number | null) => (dollars === null ? translate('pp.catalogue.no_price') : format.money(dollars));
  const itemName = (row: Pick<CatalogueChangeRow, 'item_type' | 'item_id'>) => {
    const data = catalogue.data;
    if (row.item_type === 'product') {
      const p = data?.products.find((x) => x.id === row.item_id);
      return p ? productName(p) : `#${row.item_id}`;
    }
    const a = data?.addons.find((x) => x.id === row.item_id);
    return a ? addonName(a) : `#${row.item_id}`;
  };
  const pendingText = (p: Pending) => {
    const at = format.dateTime(p.effective_at);
    if (p.change === 'price') return translate('pp.catalogue.scheduled_price', { price: money(p.price), at });
    return translate(p.change === 'withdraw' ? 'pp.catalogue.scheduled_withdraw' : 'pp.catalogue.scheduled_reinstate', { at });
  };

  const row = (item: PricedItem, active: boolean, pending: Pending[], testId: string) => (
    <TableRow key={`${item.type}-${item.id}`} data-testid={testId}>
      <TableCell component="th" scope="row">
        {item.name}
      </TableCell>
      <TableCell align="right" data-testid="catalogue-price">
        {item.price}
      </TableCell>
      <TableCell>
        <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'pp.catalogue.active' : 'pp.catalogue.withdrawn')} />
      </TableCell>
      <TableCell>{pending.map((p) => <div key={p.id}>{pendingText(p)}</div>)}</TableCell>
      {mayChange ? (
        <TableCell align="right">
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setPricing(item)} aria-haspopup="dialog" aria-label={translate('pp.catalogue.change_price_for', { name: item.name })}>
              {translate('pp.catalogue.change_price')}
            </Button>
            <Button size="small" color={active ? 'warning' : 'primary'} disabled={busy} onClick={() => setAvailability({ item, active: !active })} aria-haspopup="dialog">
              {translate(active ? 'pp.catalogue.withdraw' : 'pp.catalogue.reinstate')}
            </Button>
          </Stack>
        </TableCell>
      ) : null}
    </TableRow>
  );

  const head = (item: string, price: string) => (
    <TableHead>
      <TableRow>
        <TableCell>{translate(item)}</TableCell>
        <TableCell align="right">{translate(price)}</TableCell>
        <TableCell>{translate('pp.catalogue.status')}</TableCell>
        <TableCell>{translate('pp.catalogue.scheduled')}</TableCell>
        {mayChange ? <TableCell align="right">{translate('pp.catalogue.actions')}</TableCell> : null}
      </TableRow>
    </TableHead>
  );

  return (
    <>
      <PageHeader title={translate('pp.catalogue.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.catalogue.intro')}
      </Typography>
      {catalogue.error ? <ReadError error={catalogue.error} /> : null}
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {translate('pp.catalogue.products')}
            </Typography>
            <Table size="small" aria-label={translate('pp.catalogue.products')}>
              {head('pp.catalogue.product', 'pp.catalogue.price')}
              <TableBody>
                {(catalogue.data?.products ?? []).map((p) =>
                  row({ type: 'product', id: p.id, name: productName(p), price: money(p.price) }, p.active, p.pending, `catalogue-product-${p.id}`),
                )}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {translate('pp.catalogue.addons')}
            </Typography>
            <Table size="small" aria-label={translate('pp.catalogue.addons')}>
              {head('pp.catalogue.addon', 'pp.catalogue.monthly_price')}
              <TableBody>
                {(catalogue.data?.addons ?? []).map((a) =>
                  row({ type: 'addon', id: a.id, name: addonName(a), price: money(a.monthly_price) }, a.active, a.pending, `catalogue-addon-${a.id}`),
                )}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {translate('pp.catalogue.history')}
            </Typography>
            <PortalList resource="catalogue-history" storeKey="catalogue.history" sizes={PAGE_SIZES.coupons.options}>
              <ListTable rowTestId="catalogue-change" label={translate('pp.catalogue.history')}>
                <Col source="created_at" disableSort render={(c) => format.dateTime(c.created_at)} />
                <Col source="person" disableSort render={(c) => c.person?.name ?? translate('pp.catalogue.nobody')} />
                <Col source="item_id" disableSort render={(c) => itemName(c)} />
                <Col source="change" disableSort render={(c) => translate(`pp.catalogue.changes.${c.change}`)} />
                <Col source="from" disableSort align="right" render={(c) => (c.from === null ? translate('pp.catalogue.nobody') : format.money(c.from))} />
                <Col source="to" disableSort align="right" render={(c) => (c.to === null ? translate('pp.catalogue.nobody') : format.money(c.to))} />
                <Col source="effective_at" disableSort render={(c) => format.dateTime(c.effective_at)} />
                <Col
                  source="applied_at"
                  disableSort
                  render={(c) => (c.applied_at ? translate('pp.catalogue.applied', { at: format.dateTime(c.applied_at) }) : translate('pp.catalogue.pending'))}
                />
              </ListTable>
            </PortalList>
          </CardContent>
        </Card>
      </Stack>
      {pricing ? (
        <Suspense fallback={null}>
          <PriceDialog item={pricing} onClose={() => setPricing(null)} onDone={settle} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        target={availability}
        onClose={() => setAvailability(null)}
        onConfirm={(target) =>
          void act(['availability', target.item.type, target.item.id, target.active], (once) =>
            dataProvider.call('setCatalogueAvailability', { item_type: target.item.type, item_id: target.item.id, active: target.active }, undefined, once),
          )
        }
        labelId="availability-title"
        title={availability ? translate(availability.active ? 'pp.catalogue.reinstate_title' : 'pp.catalogue.withdraw_title', { name: availability.item.name }) : ''}
        confirm={availability?.active ? 'pp.catalogue.reinstate' : 'pp.catalogue.withdraw'}
        color={availability?.active ? 'primary' : 'warning'}
      >
        <Typography variant="body2">{translate(availability?.active ? 'pp.catalogue.reinstate_text' : 'pp.catalogue.withdraw_text')}</Typography>
      </ConfirmDialog>
    </>
  );
}
