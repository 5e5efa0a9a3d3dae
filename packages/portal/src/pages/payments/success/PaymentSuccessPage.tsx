/**
 * /{custom_url}/payments/success (000 §2): Thank You, 'processing', then 'Verifying Your Payment…'
 * while the server verifies the payment with its provider (`?payment={id}`: never trusting the
 * redirect; asked again every 3 s for up to 2 minutes, as confirmation may take that long) and the
 * profile is refreshed, a confirmation with the new balance, then back to the root. The spec leaves
 * the timings to us: 1.5 s of processing, at least 1.5 s of verifying, 2.5 s of confirmation
 * (docs/portal.md). A failed payment stays on the page with its reason and a way to pay again.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useDataProvider, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePaths } from '../../../routing/usePaths';
import { useFormat } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { later } from '../../../components/later';

export const PAYMENT_SUCCESS_TIMINGS = { processing: 1500, verifying: 1500, confirmation: 2500, poll: 3000, patience: 120_000 } as const;

type Step = 'processing' | 'verifying' | 'confirmed' | 'pending' | 'failed';

export default function PaymentSuccessPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { money } = useFormat();
  const [step, setStep] = useState<Step>('processing');
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invoiceId, setInvoiceId] = useState<number | null>(null);
  const started = useRef(false);
  /** Set once the page is left: what it was still to do (asking, the trip to the root) is dropped. */
  const left = useRef(false);
  const links = usePaths();
  const [search] = useSearchParams();
  const paymentId = /^\d+$/.test(search.get('payment') ?? '') ? Number(search.get('payment')) : null;

  useEffect(() => {
    // Cleared on every mount, so React's development remount (which does not start the flow again)
    // keeps it going; set when the page is really left, so that a person who went elsewhere is not
    // taken back to the root a few seconds later, nor its payment asked about for two minutes.
    left.current = false;
    const leave = () => {
      left.current = true;
    };
    if (started.current) return leave;
    started.current = true;
    /** Asks the server until the provider has decided, patience runs out or the page is left. */
    async function verified(id: number) {
      const until = Date.now() + PAYMENT_SUCCESS_TIMINGS.patience;
      for (;;) {
        const { body } = await dataProvider.verifyPayment(id);
        if (body.payment.status !== 'pending' || Date.now() > until || left.current) return body.payment;
        await later(PAYMENT_SUCCESS_TIMINGS.poll);
      }
    }
    void (async () => {
      await later(PAYMENT_SUCCESS_TIMINGS.processing);
      if (left.current) return;
      setStep('verifying');
      try {
        const [payment] = await Promise.all([paymentId ? verified(paymentId) : null, later(PAYMENT_SUCCESS_TIMINGS.verifying)]);
        if (left.current) return;
        const user = await dataProvider.refreshProfile();
        setBalance(user.balance);
        if (payment?.status === 'failed') {
          setInvoiceId(payment.invoice_id);
          setError(translate('pp.payment_success.failed', { message: payment.failure_message ?? payment.failure_code ?? '' }));
          setStep('failed');
          return;
        }
        setStep(payment?.status === 'pending' ? 'pending' : 'confirmed');
      } catch (e) {
        setError(e instanceof Error ? e.message : translate('pp.errors.fetch_details'));
        setStep('failed');
        return;
      }
      await later(PAYMENT_SUCCESS_TIMINGS.confirmation);
      if (!left.current) navigate('/', { replace: true });
    })();
    return leave;
  }, [navigate, translate, dataProvider, paymentId]);

  return (
    <>
      <PageHeader title={translate('pp.payment_success.title')} />
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 6 }} data-testid="payment-success">
          {step === 'processing' || step === 'verifying' ? (
            <>
              <CircularProgress aria-label={translate(step === 'processing' ? 'pp.payment_success.processing' : 'pp.payment_success.verifying')} />
              <Typography variant="h6" component="p" data-testid="payment-step" sx={{ mt: 2 }}>
                {translate(step === 'processing' ? 'pp.payment_success.processing' : 'pp.payment_success.verifying')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {translate('pp.payment_success.note')}
              </Typography>
            </>
          ) : null}
          {step === 'confirmed' ? (
            <>
              <CheckIcon color="success" sx={{ fontSize: 56 }} />
              <Typography variant="h6" component="p" data-testid="payment-step" sx={{ mt: 2 }}>
                {translate('pp.payment_success.confirmed', { balance: money(balance ?? 0) })}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {translate('pp.payment_success.redirect')}
              </Typography>
            </>
          ) : null}
          {step === 'pending' ? (
            <Box sx={{ maxWidth: 480, mx: 'auto' }}>
              <Alert severity="info" data-testid="payment-step">
                {translate('pp.payment_success.pending')}
              </Alert>
            </Box>
          ) : null}
          {step === 'failed' ? (
            <Box sx={{ maxWidth: 480, mx: 'auto' }}>
              <Alert severity="error" data-testid="payment-failed">
                {error}
              </Alert>
              {invoiceId ? (
                <Button component={Link} to={links.payInvoice(invoiceId)} variant="contained" sx={{ mt: 2 }}>
                  {translate('pp.invoices.pay_now')}
                </Button>
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
