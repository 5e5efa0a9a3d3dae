/**
 * Transactions (002 §2): every movement of the wallet — deposits, purchases, refunds, renewals —
 * newest first, 5, 20 or 25 a page (default 5), searchable, exported as CSV under the search; View opens the transaction in a modal,
 * read from the server (`resellers/transaction`).
 */
import { useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, TextInput, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PAGE_SIZES, type Transaction } from '@partner-panel/sdk';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { LiveFilters } from '../../components/FilterPanel';
import { useFormat } from '../../components/format';
import { useServerWords } from '../../i18n/serverWords';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalList } from '../../components/PortalList';
import { usePaths } from '../../routing/usePaths';

const Col = DataTable.Col<Transaction>;

export default function TransactionListPage() {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={translate('pp.transactions.title')} />
      <PortalList resource="transactions" storeKey="transactions" sizes={PAGE_SIZES.transactions.options} perPage={PAGE_SIZES.transactions.default}>
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 320px', maxWidth: 420 }}>
            <LiveFilters>
              <TextInput source="search" label="pp.transactions.search" helperText={false} sx={{ m: 0 }} fullWidth />
            </LiveFilters>
          </Box>
          <ExportCsvButton />
        </Box>
        <TransactionTable onView={setOpen} />
      </PortalList>
      {open !== null ? <TransactionDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function TransactionTable({ onView }: { onView: (id: number) => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const amount = (dollars: number) => (dollars ? format.money(dollars) : '—');
  const words = useServerWords('descriptions');
  return (
    <ListTable rowTestId="transaction-row" label={translate('pp.transactions.list_title')}>
      <Col source="date" disableSort render={(r) => format.dateTime(r.date)} />
      <Col source="transaction_id" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
      <Col source="gateway" disableSort />
      <Col source="description" disableSort render={(r) => words(r.description)} />
      <Col source="amount_in" disableSort render={(r) => amount(r.amount_in)} />
      <Col source="amount_out" disableSort render={(r) => amount(r.amount_out)} />
      <Col
        label="pp.transactions.view"
        render={(r) => (
          <Button size="small" variant="outlined" aria-haspopup="dialog" onClick={() => onView(r.id)} aria-label={translate('pp.transactions.view_label', { id: r.transaction_id })}>
            {translate('pp.transactions.view')}
          </Button>
        )}
      />
    </ListTable>
  );
}

/** One transaction, as the server answers it now. */
function TransactionDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const links = usePaths();
  const words = useServerWords('descriptions');
  const { data, isPending, error } = useGetOne<Transaction>('transactions', { id }, { retry: false });
  const rows: [string, string][] = data
    ? [
        [translate('resources.transactions.fields.date'), format.dateTime(data.date)],
        [translate('resources.transactions.fields.transaction_id'), data.transaction_id],
        [translate('resources.transactions.fields.gateway'), data.gateway],
        [translate('resources.transactions.fields.description'), words(data.description)],
        [translate('resources.transactions.fields.amount_in'), format.money(data.amount_in)],
        [translate('resources.transactions.fields.amount_out'), format.money(data.amount_out)],
        [translate('pp.transactions.balance_after'), format.money(data.balance_after)],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="transaction-title" fullWidth maxWidth="sm">
      <DialogTitle id="transaction-title">{translate('pp.transactions.detail_title', { id: data?.transaction_id ?? '' })}</DialogTitle>
      <DialogContent data-testid="transaction-detail">
        {isPending ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
        {error ? <Typography color="error">{error instanceof Error ? error.message : translate('pp.billing.not_found')}</Typography> : null}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
          {data?.invoice_id ? (
            <>
              <Typography component="dt" color="text.secondary">
                {translate('pp.transactions.invoice')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                <Link to={links.invoice(data.invoice_id)}>#{data.invoice_id}</Link>
              </Typography>
            </>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.transactions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
