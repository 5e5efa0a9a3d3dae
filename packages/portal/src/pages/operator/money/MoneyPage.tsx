/**
 * The operator's Money (issue 35) at /{prefix}/money: every deposit, invoice, coupon refund and
 * manual adjustment across resellers, newest first (or by date or amount, from the columns),
 * filtered by kind, status, reseller, days and amount, and exported as CSV under the same filter;
 * Manual adjustment credits or debits a reseller's wallet with a reason (`operator.manage` only).
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, DateInput, SelectInput, TextInput, useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { MONEY_KINDS, MONEY_STATUSES, PAGE_SIZES, type MoneyRow } from '@partner-panel/sdk';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { FilterPanel } from '../../../components/FilterPanel';
import { useFormat } from '../../../components/format';
import { useServerWords } from '../../../i18n/serverWords';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';

const AdjustmentDialog = lazy(() => import('./AdjustmentDialog'));
const Col = DataTable.Col<MoneyRow>;

const STATUS_COLOR: Record<MoneyRow['status'], 'success' | 'warning' | 'error' | 'default'> = {
  succeeded: 'success',
  paid: 'success',
  completed: 'success',
  pending: 'warning',
  unpaid: 'warning',
  failed: 'error',
  cancelled: 'default',
};

function MoneyFilters() {
  return (
    <FilterPanel testId="money-filters">
      <SelectInput
        source="kind"
        helperText={false}
        emptyText="pp.money.all"
        choices={MONEY_KINDS.map((kind) => ({ id: kind, name: `pp.money.kinds.${kind}` }))}
      />
      <SelectInput
        source="status"
        helperText={false}
        emptyText="pp.money.all"
        choices={MONEY_STATUSES.map((status) => ({ id: status, name: `pp.money.statuses.${status}` }))}
      />
      <TextInput source="reseller" helperText={false} />
      <DateInput source="dateStart" helperText={false} />
      <DateInput source="dateEnd" helperText={false} />
      <TextInput source="amount_min" helperText={false} inputMode="decimal" />
      <TextInput source="amount_max" helperText={false} inputMode="decimal" />
    </FilterPanel>
  );
}

function MoneyTable() {
  const translate = useTranslate();
  const format = useFormat();
  const words = useServerWords('descriptions');
  return (
    <ListTable rowTestId="money-row" label={translate('pp.money.title')}>
      <Col source="created_at" render={(m) => format.dateTime(m.created_at)} />
      <Col source="kind" disableSort render={(m) => translate(`pp.money.kinds.${m.kind}`)} />
      <Col
        source="reseller"
        disableSort
        render={(m) => (
          <>
            {m.reseller.name} <Typography component="span" variant="body2" color="text.secondary">#{m.reseller.id} · {m.reseller.email}</Typography>
          </>
        )}
      />
      <Col source="amount" align="right" render={(m) => <span data-testid="money-amount">{format.money(m.amount)}</span>} />
      <Col source="status" disableSort render={(m) => <Chip size="small" color={STATUS_COLOR[m.status]} label={translate(`pp.money.statuses.${m.status}`)} />} />
      <Col source="gateway" disableSort />
      <Col source="reference" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
      <Col source="description" disableSort cellSx={() => ({ maxWidth: 360 })} render={(r) => words(r.description)} />
    </ListTable>
  );
}

export default function MoneyPage() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { canAccess: mayAdjust } = useCanAccess({ resource: 'operator', action: 'adjustResellerWallet' });
  const [adjusting, setAdjusting] = useState(false);
  return (
    <>
      <PageHeader title={translate('pp.money.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.money.intro')}
      </Typography>
      <PortalList resource="operator-money" storeKey="operator.money" sizes={PAGE_SIZES.coupons.options}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', p: 2, pb: 0, flexWrap: 'wrap' }}>
          {mayAdjust ? (
            <Button variant="contained" onClick={() => setAdjusting(true)} aria-haspopup="dialog">
              {translate('pp.money.adjust')}
            </Button>
          ) : null}
          <ExportCsvButton />
        </Stack>
        <Box>
          <MoneyFilters />
        </Box>
        <MoneyTable />
      </PortalList>
      {adjusting ? (
        <Suspense fallback={null}>
          <AdjustmentDialog onClose={() => setAdjusting(false)} onDone={refresh} />
        </Suspense>
      ) : null}
    </>
  );
}
