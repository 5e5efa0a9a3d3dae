/**
 * The operator's Catalogue (issue 35) at /{prefix}/catalogue: every product and addon with its list
 * price, whether it is sold, and its scheduled changes; Change price (now or at a chosen time) and
 * Withdraw or Reinstate; and the history of every change, newest first (who, when, from, to).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { DataTable, ListContextProvider, ResourceContextProvider, useCanAccess, useDataProvider, useList, useRefresh, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { CYCLES, PAGE_SIZES, type CatalogueAddonRow, type CatalogueChangeRow, type CatalogueProductRow } from '@partner-panel/sdk';
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

/** A product's or an addon's row: what both tables show. */
interface CatalogueRow {
  id: number;
  item: PricedItem;
  active: boolean;
  pending: Pending[];
}
const RowCol = DataTable.Col<CatalogueRow>;
interface CatalogueColumns {
  status: (active: boolean) => ReactNode;
  scheduled: (pending: Pending[]) => ReactNode;
  /** Null for a role without `operator.manage`. */
  actions: ((item: PricedItem, active: boolean) => ReactNode) | null;
}

/** The products' or the addons' table: name, list price, sold or withdrawn, scheduled changes, and the actions. */
function CatalogueTable({
  title,
  resource,
  rowTestId,
  priceSource,
  rows,
  isPending,
  columns,
}: {
  title: string;
  resource: string;
  rowTestId: string;
  priceSource: string;
  rows: CatalogueRow[];
  isPending: boolean;
  columns: CatalogueColumns;
}) {
  const translate = useTranslate();
  const list = useList({ data: rows, resource, perPage: 100, isPending });
  const { actions } = columns;
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        <ResourceContextProvider value={resource}>
          <ListContextProvider value={list}>
            <ListTable rowTestId={rowTestId} label={translate(title)}>
              <RowCol source="item" disableSort render={(r) => r.item.name} />
              <RowCol source={priceSource} disableSort align="right" render={(r) => <span data-testid="catalogue-price">{r.item.price}</span>} />
              <RowCol source="active" disableSort render={(r) => columns.status(r.active)} />
              <RowCol source="pending" disableSort render={(r) => columns.scheduled(r.pending)} />
              {actions ? <RowCol source="id" label="pp.catalogue.actions" disableSort align="right" render={(r) => actions(r.item, r.active)} /> : null}
            </ListTable>
          </ListContextProvider>
        </ResourceContextProvider>
      </CardContent>
    </Card>
  );
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

  const cycleName = (cycle: string) => (cycle in CYCLES ? translate(`pp.cycles.${cycle}`) : cycle);
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

  /** Change price, and Withdraw or Reinstate: only for a role with `operator.manage`. */
  const actions = (item: PricedItem, active: boolean) => (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" onClick={() => setPricing(item)} aria-haspopup="dialog" aria-label={translate('pp.catalogue.change_price_for', { name: item.name })}>
        {translate('pp.catalogue.change_price')}
      </Button>
      <Button size="small" color={active ? 'warning' : 'primary'} disabled={busy} onClick={() => setAvailability({ item, active: !active })} aria-haspopup="dialog">
        {translate(active ? 'pp.catalogue.withdraw' : 'pp.catalogue.reinstate')}
      </Button>
    </Stack>
  );
  const status = (active: boolean) => <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'pp.catalogue.active' : 'pp.catalogue.withdrawn')} />;
  const scheduled = (pending: Pending[]) => pending.map((p) => <div key={p.id}>{pendingText(p)}</div>);

  const products = (catalogue.data?.products ?? []).map((p) => ({ ...p, item: { type: 'product' as const, id: p.id, name: productName(p), price: money(p.price) } }));
  const addons = (catalogue.data?.addons ?? []).map((a) => ({ ...a, item: { type: 'addon' as const, id: a.id, name: addonName(a), price: money(a.monthly_price) } }));
  const columns: CatalogueColumns = { status, scheduled, actions: mayChange ? actions : null };

  return (
    <>
      <PageHeader title={translate('pp.catalogue.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.catalogue.intro')}
      </Typography>
      {catalogue.error ? <ReadError error={catalogue.error} /> : null}
      <Stack spacing={2}>
        <CatalogueTable title="pp.catalogue.products" resource="catalogue-products" rowTestId="catalogue-product" priceSource="price" rows={products} isPending={catalogue.isPending} columns={columns} />
        <CatalogueTable title="pp.catalogue.addons" resource="catalogue-addons" rowTestId="catalogue-addon" priceSource="monthly_price" rows={addons} isPending={catalogue.isPending} columns={columns} />
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
