/**
 * Invoices and Unpaid Invoices (002 §2): one table — number, dates, total, status — newest first,
 * searchable, paged, exported as CSV under the search; View opens the invoice. Unpaid Invoices is the list with `filter.unpaid`.
 */
import { Box, Button, Chip } from '@mui/material';
import { DataTable, TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PAGE_SIZES, type Invoice } from '@partner-panel/sdk';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { LiveFilters } from '../../components/FilterPanel';
import { useFormat } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalList } from '../../components/PortalList';
import { usePaths } from '../../routing/usePaths';

type InvoiceRow = Omit<Invoice, 'transactions'>;
const Col = DataTable.Col<InvoiceRow>;

export default function InvoiceListPage({ unpaid = false }: { unpaid?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate(unpaid ? 'pp.invoices.unpaid_title' : 'pp.invoices.title')} />
      <PortalList
        key={unpaid ? 'unpaid' : 'all'}
        resource="invoices"
        storeKey={unpaid ? 'invoices.unpaid' : 'invoices.all'}
        sizes={PAGE_SIZES.invoices.options}
        perPage={PAGE_SIZES.invoices.default}
        filter={unpaid ? { unpaid: true } : undefined}
      >
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 320px', maxWidth: 420 }}>
            <LiveFilters>
              <TextInput source="search" label="pp.invoices.search" helperText={false} sx={{ m: 0 }} fullWidth />
            </LiveFilters>
          </Box>
          <ExportCsvButton {...(unpaid ? { filter: { unpaid: true } } : {})} />
        </Box>
        <InvoiceTable />
      </PortalList>
    </>
  );
}

function InvoiceTable() {
  const translate = useTranslate();
  const format = useFormat();
  const links = usePaths();
  return (
    <ListTable rowTestId="invoice-row" label={translate('pp.invoices.list_title')}>
      <Col source="id" disableSort render={(r) => `#${r.id}`} />
      <Col source="date" disableSort render={(r) => format.date(r.date)} />
      <Col source="duedate" disableSort render={(r) => format.date(r.duedate)} />
      <Col source="total" disableSort render={(r) => format.money(r.total)} />
      <Col source="status" disableSort render={(r) => <InvoiceStatus status={r.status} />} />
      <Col
        label="pp.invoices.view"
        render={(r) => (
          <Button component={Link} to={links.invoice(r.id)} size="small" variant="outlined" aria-label={translate('pp.invoices.view_label', { id: r.id })}>
            {translate('pp.invoices.view')}
          </Button>
        )}
      />
    </ListTable>
  );
}

/** Paid or Unpaid (compared without case, 002 §3), Cancelled. */
export function InvoiceStatus({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <Chip size="small" variant="outlined" label={status} color={key === 'paid' ? 'success' : key === 'unpaid' ? 'warning' : 'default'} />;
}
