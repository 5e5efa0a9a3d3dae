/**
 * /{custom_url}/payments/success (000 §2): Thank You, 'processing', then 'Verifying Your Payment…'
 * while the profile is refreshed, a confirmation with the new balance, then back to the root.
 * The spec leaves the timings to us: 1.5 s of processing, at least 1.5 s of verifying, 2.5 s of
 * confirmation (docs/portal.md).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useDataProvider, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';

export const PAYMENT_SUCCESS_TIMINGS = { processing: 1500, verifying: 1500, confirmation: 2500 } as const;

type Step = 'processing' | 'verifying' | 'confirmed' | 'failed';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function PaymentSuccessPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { money } = useFormat();
  const [step, setStep] = useState<Step>('processing');
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await wait(PAYMENT_SUCCESS_TIMINGS.processing);
      setStep('verifying');
      try {
        const [user] = await Promise.all([dataProvider.refreshProfile(), wait(PAYMENT_SUCCESS_TIMINGS.verifying)]);
        setBalance(user.balance);
        setStep('confirmed');
      } catch (e) {
        setError(e instanceof Error ? e.message : translate('pp.errors.fetch_details'));
        setStep('failed');
      }
      await wait(PAYMENT_SUCCESS_TIMINGS.confirmation);
      navigate('/', { replace: true });
    })();
  }, [navigate, translate, dataProvider]);

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
          {step === 'failed' ? (
            <Box sx={{ maxWidth: 480, mx: 'auto' }}>
              <Alert severity="error">{error}</Alert>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
