/**
 * Pay Invoice (002 §2) at billing/pay/invoice/{id}: 'Pay Invoice No #{id}', the amount read-only
 * from the invoice, the spec's three lines (shown, not enforced), and the same payment methods.
 * A paid invoice says so; one the server does not answer reads 'No Record Found'. Coming back from
 * a cancelled PayPal payment (`?cancelled=`) says nothing was charged.
 */
import { Alert, Box, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Invoice } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { PaymentForm } from './PaymentForm';

export default function PayInvoicePage() {
  const translate = useTranslate();
  const format = useFormat();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const valid = /^\d+$/.test(id);
  const { data: invoice, isPending, error } = useGetOne<Invoice & { id: number }>('invoices', { id: Number(id) }, { enabled: valid, retry: false });
  const title = translate('pp.billing.pay_invoice', { id });
  let body;
  if (!valid || error) body = <Alert severity="info" data-testid="no-record">{translate('pp.billing.not_found')}</Alert>;
  else if (isPending || !invoice) body = <CircularProgress aria-label={translate('ra.page.loading')} />;
  else if (invoice.status.toLowerCase() !== 'unpaid') body = <Alert severity="success">{translate('pp.billing.already_paid')}</Alert>;
  else {
    body = (
      <Card>
        <CardContent>
          <TextField label={translate('pp.billing.invoice_amount')} value={format.money(invoice.total)} slotProps={{ input: { readOnly: true } }} fullWidth sx={{ mb: 1, maxWidth: 520 }} />
          <Box sx={{ mb: 2 }} data-testid="invoice-pay-lines">
            {(['invoice_minimum', 'invoice_max_deposit', 'invoice_max_balance'] as const).map((line) => (
              <Typography key={line} color="text.secondary" variant="body2">
                {translate(`pp.billing.${line}`)}
              </Typography>
            ))}
          </Box>
          <PaymentForm target={{ kind: 'invoice', id: invoice.id, total: invoice.total }} />
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <PageHeader title={title} />
      {search.get('cancelled') ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pp.billing.cancelled')}
        </Alert>
      ) : null}
      {body}
    </>
  );
}
