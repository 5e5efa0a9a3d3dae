/**
 * Invoice detail (002 §2) at billing/invoice/{id}, the `invoices` resource's record (<ShowBase>):
 * status, dates, payer, payment method, description, total and its transactions; Pay Now while
 * unpaid, the date paid once paid; Print, and Download PDF (drawn by the server). An invoice the
 * server does not answer (another reseller's, none) reads 'No Record Found'. Ours: a link back to
 * the invoices list.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import BackIcon from '@mui/icons-material/ArrowBack';
import { DataTable, ListContextProvider, ShowBase, useDataProvider, useList, useNotify, useShowContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { errors, fallbackMessage, type Invoice } from '@partner-panel/sdk';
import { followDownload } from '../../components/download';
import { useFormat } from '../../components/format';
import { useServerWords } from '../../i18n/serverWords';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { usePaths } from '../../routing/usePaths';
import { InvoiceStatus } from './InvoiceList';

export default function InvoiceShow() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  if (!/^\d+$/.test(id)) return <NoRecord title={translate('pp.invoices.title')} />;
  return (
    <ShowBase resource="invoices" id={Number(id)} queryOptions={{ retry: false, onError: () => undefined }}>
      <InvoiceDetail />
    </ShowBase>
  );
}

/** Ours: the way back to the invoices list (the page is reached from it, a notification or a mail). */
function BackToInvoices() {
  const translate = useTranslate();
  const links = usePaths();
  return (
    <Button component={Link} to={links.invoices} startIcon={<BackIcon />} size="small" sx={{ mb: 1, displayPrint: 'none' }}>
      {translate('pp.invoices.back')}
    </Button>
  );
}

function NoRecord({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <BackToInvoices />
      <PageHeader title={title} />
      <Alert severity="info" data-testid="no-record">
        {translate('pp.billing.not_found')}
      </Alert>
    </>
  );
}

function InvoiceDetail() {
  const translate = useTranslate();
  const format = useFormat();
  const words = useServerWords('descriptions');
  const links = usePaths();
  const { record: invoice, isPending, error } = useShowContext<Invoice & { id: number }>();
  const { id = '' } = useParams();
  if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (error || !invoice) return <NoRecord title={translate('pp.invoices.detail_title', { id })} />;
  const unpaid = invoice.status.toLowerCase() === 'unpaid';
  return (
    <>
      <BackToInvoices />
      <PageHeader
        title={translate('pp.invoices.detail_title', { id: invoice.id })}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', displayPrint: 'none' }}>
            {unpaid ? (
              <Button component={Link} to={links.payInvoice(invoice.id)} variant="contained">
                {translate('pp.invoices.pay_now')}
              </Button>
            ) : null}
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {translate('pp.invoices.print')}
            </Button>
            <PdfButton id={invoice.id} />
          </Box>
        }
      />
      <Card data-testid="invoice-detail">
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <InvoiceStatus status={invoice.status} />
                {invoice.datepaid ? <Typography data-testid="invoice-paid-on">{translate('pp.invoices.paid_on', { date: format.date(invoice.datepaid) })}</Typography> : null}
              </Box>
              <Line label={translate('pp.invoices.invoice_date')} value={format.date(invoice.date)} />
              <Line label={translate('pp.invoices.due_date')} value={format.date(invoice.duedate)} />
              <Line label={translate('pp.invoices.method')} value={invoice.payment_method ?? '—'} />
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h2">
                {translate('pp.invoices.payer')}
              </Typography>
              <Typography>{invoice.name}</Typography>
              <Typography color="text.secondary">{invoice.email}</Typography>
            </Box>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography>{words(invoice.description)}</Typography>
            <Typography>{format.money(invoice.total)}</Typography>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{translate('resources.invoices.fields.total')}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="invoice-total">
              {format.money(invoice.total)}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('pp.invoices.transactions')}
      </Typography>
      <Card>
        <InvoiceTransactions invoice={invoice} />
      </Card>
    </>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
}

type Paid = Invoice['transactions'][number] & { id: string };
const Col = DataTable.Col<Paid>;

/** The payments that paid the invoice: transid, date, amount in (002 §3). */
function InvoiceTransactions({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const format = useFormat();
  // A record the list left in the cache has no transactions until the invoice itself is read.
  const list = useList({ data: (invoice.transactions ?? []).map((t) => ({ ...t, id: t.transid })), resource: 'invoices' });
  return (
    <ListContextProvider value={list}>
      <ListTable rowTestId="invoice-transaction" label={translate('pp.invoices.transactions_title')}>
        <Col source="transid" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
        <Col source="date" disableSort render={(r) => format.dateTime(r.date)} label="resources.invoices.fields.date" />
        <Col source="amountin" disableSort render={(r) => format.money(r.amountin)} />
      </ListTable>
    </ListContextProvider>
  );
}

/** Download PDF: the server draws it; a failure says 'code : rspf-003, Unable to fetch PDF' or the server's words. */
function PdfButton({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const download = useMutation({
    mutationFn: () => dataProvider.invoicePdf(id),
    onSuccess: (pdf) => {
      const url = URL.createObjectURL(pdf);
      followDownload(url, `invoice-${id}.pdf`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => notify(error.message || fallbackMessage(errors.fetchPdf), { type: 'error' }),
  });
  const busy = download.isPending;
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PdfIcon />} disabled={busy} onClick={() => download.mutate()}>
      {translate('pp.invoices.pdf')}
    </Button>
  );
}
