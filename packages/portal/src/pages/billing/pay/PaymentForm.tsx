/**
 * Paying (002 §4, §5): the method buttons, then the card form or the redirect button. A card payment
 * turns the card into a token, calls the payment call (400002 answers its client secret), confirms
 * it — through a confirmation step when the card asks for one — and goes to the success page, which
 * asks the server to verify. A redirect payment submits the server's form to PayPal. Each
 * submission carries an Idempotency-Key of its own. A declined deposit's invoice is the one the
 * next attempt at the same amount pays, so retries do not pile up unpaid invoices.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError, TextInput, useDataProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { PaymentInput, PortalDataProvider } from '@partner-panel/data-provider';
import { TEST_CARDS, paymentFormSchema, type PaymentMethod } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { StripeCard, type CardHandle } from './StripeCard';

/** What is paid: a deposit of the amount typed, or an invoice's total. */
export type PaymentTarget = { kind: 'deposit' } | { kind: 'invoice'; id: number; total: number };

type Answer = Awaited<ReturnType<PortalDataProvider['testCardConfirm']>>;
interface Started {
  payment_id: number;
  invoice_id: number;
  client_secret: string;
}

/** The server's failure as the spec shows card errors: its code and message when it names one. */
function failureText(error: unknown, translate: ReturnType<typeof useTranslate>): string {
  if (error instanceof HttpError) {
    const code = (error.body as { body?: { code?: unknown } } | undefined)?.body?.code;
    return typeof code === 'string' ? translate('pp.billing.card_error', { code, message: error.message }) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Submits the server's form to the provider's approval page (002 §4). */
function submitRedirect(html: string) {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.appendChild(holder);
  holder.querySelector('form')?.submit();
}

export function PaymentForm({ target }: { target: PaymentTarget }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const methods = useQuery({ queryKey: ['paymentMethods'], queryFn: () => dataProvider.paymentMethods(), staleTime: 60_000 });
  const [chosen, setChosen] = useState<string | null>(null);
  const list = methods.data?.payment_methods ?? [];
  const method = list.find((m) => m.module === chosen) ?? list[0];

  if (methods.isPending) return <Typography color="text.secondary">{translate('pp.billing.loading_methods')}</Typography>;
  if (methods.error) return <Alert severity="error">{methods.error.message}</Alert>;
  if (!method) return <Alert severity="info">{translate('pp.billing.no_methods')}</Alert>;
  return (
    <Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }} id="payment-methods">
        {translate('pp.billing.methods')}
      </Typography>
      <ToggleButtonGroup exclusive color="primary" value={method.module} onChange={(_, value: string | null) => value && setChosen(value)} aria-labelledby="payment-methods" sx={{ mb: 2, flexWrap: 'wrap' }}>
        {list.map((m) => (
          <ToggleButton key={m.module} value={m.module}>
            {m.display_name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <MethodForm key={method.module} method={method} target={target} />
    </Box>
  );
}

function MethodForm({ method, target }: { method: PaymentMethod; target: PaymentTarget }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const links = usePaths();
  const user = useSessionUser();
  const { money } = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [step, setStep] = useState<{ started: Started; amount: number } | null>(null);
  const stripeCard = useRef<CardHandle | null>(null);
  const onStripeReady = useCallback((card: CardHandle | null) => {
    stripeCard.current = card;
  }, []);
  // The invoice of a deposit that did not go through: paid by the next attempt at the same amount.
  const retry = useRef<{ invoiceId: number; cents: number } | null>(null);
  const card = method.type === 'card';
  const testCard = method.module === 'testgateway';
  const schema = useMemo(() => paymentFormSchema({ deposit: target.kind === 'deposit', card, testCard }), [target.kind, card, testCard]);

  const succeeded = (paymentId: number) => navigate(`${links.paymentSuccess}?payment=${paymentId}`);

  /** What the test gateway answered a confirmation: done, a confirmation step, or a decline. */
  function answered(answer: Answer, started: Started, amount: number) {
    if (answer.status === 'succeeded' || answer.status === 'processing') return succeeded(started.payment_id);
    if (answer.status === 'requires_action') return setStep({ started, amount });
    const error = answer.error;
    setFailure(error?.decline_code ? translate('pp.billing.decline', { message: error.message, decline_code: error.decline_code }) : (error?.message ?? ''));
  }

  async function submit(values: FieldValues, once: Submission) {
    setFailure(null);
    const payer = { name: String(values.name ?? user?.name ?? ''), email: String(values.email ?? '') };
    const cents = target.kind === 'deposit' ? Number(values.amount) : Math.round(target.total * 100);
    let input: PaymentInput;
    if (target.kind === 'invoice') input = { ...payer, invoiceId: target.id, invoicePayment: true };
    else if (retry.current && retry.current.cents === cents) input = { ...payer, invoiceId: retry.current.invoiceId, invoicePayment: true };
    else input = { ...payer, amount: cents / 100 };
    try {
      if (method.type === 'redirect') {
        const started = (await dataProvider.startPayment(method.module, input, once)) as { form: string };
        setRedirecting(true);
        submitRedirect(started.form);
        return;
      }
      let token: string;
      if (testCard) {
        const made = await dataProvider.testCardToken({ number: values.number, exp_month: values.exp_month, exp_year: values.exp_year, cvc: values.cvc, name: payer.name });
        if (!made.token) {
          setFailure(translate('pp.billing.card_error', { code: made.error?.code ?? 'card_error', message: made.error?.message ?? '' }));
          return;
        }
        token = made.token;
      } else {
        const made = await stripeCard.current?.token(payer);
        if (!made) return setFailure(translate('pp.billing.card_loading'));
        if ('error' in made) return setFailure(made.error);
        token = made.token;
      }
      const started = (await dataProvider.startPayment(method.module, { ...input, token }, once)) as Started;
      if (target.kind === 'deposit') retry.current = { invoiceId: started.invoice_id, cents };
      if (testCard) return answered(await dataProvider.testCardConfirm(started.client_secret), started, cents / 100);
      const confirmed = await stripeCard.current?.confirm(started.client_secret);
      if (confirmed && 'error' in confirmed) return setFailure(confirmed.error);
      succeeded(started.payment_id);
    } catch (error) {
      setFailure(failureText(error, translate));
    }
  }

  async function authenticate(approve: boolean) {
    if (!step) return;
    const { started, amount } = step;
    setStep(null);
    try {
      answered(await dataProvider.testCardAuthenticate(started.client_secret, approve), started, amount);
    } catch (error) {
      setFailure(failureText(error, translate));
    }
  }

  return (
    <SchemaForm schema={schema} mode="onBlur" onSubmit={submit} defaultValues={{ amount: '', name: user?.name ?? '', email: user?.email ?? '', number: '', exp_month: '', exp_year: '', cvc: '' }}>
      <Box data-testid="payment-form" sx={{ maxWidth: 520 }}>
        {target.kind === 'deposit' ? (
          <>
            <TextInput source="amount" label="pp.billing.amount" inputMode="decimal" fullWidth />
            <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="deposit-minimum">
              {translate('pp.billing.minimum')}
            </Typography>
          </>
        ) : null}
        {card ? (
          <>
            <TextInput source="name" label="pp.billing.card_name" autoComplete="cc-name" fullWidth />
            <TextInput source="email" label="pp.billing.card_email" type="email" autoComplete="email" fullWidth />
          </>
        ) : null}
        {testCard ? <TestCardFields /> : null}
        {method.module === 'stripe' && method.publishable_key ? <StripeCard publishableKey={method.publishable_key} onReady={onStripeReady} /> : null}
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-failure">
            {failure}
          </Alert>
        ) : null}
        {redirecting ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
            <CircularProgress size={18} aria-hidden />
            <Typography>{translate('pp.billing.redirecting')}</Typography>
          </Box>
        ) : null}
        <SubmitButton label={card ? 'pp.billing.pay_card' : 'pp.billing.pay_redirect'} size="large" fullWidth disabled={redirecting} />
      </Box>
      {step ? (
        <Dialog open aria-labelledby="confirm-step-title" onClose={() => void authenticate(false)}>
          <DialogTitle id="confirm-step-title">{translate('pp.billing.confirm_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('pp.billing.confirm_body', { amount: money(step.amount) })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void authenticate(false)}>{translate('pp.billing.confirm_refuse')}</Button>
            <Button variant="contained" onClick={() => void authenticate(true)}>
              {translate('pp.billing.confirm_approve')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </SchemaForm>
  );
}

/** The test gateway's card: number, expiry and security code, with its test cards listed. */
function TestCardFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="number" label="pp.billing.card_number" autoComplete="cc-number" inputMode="numeric" fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 120px' } }}>
        <TextInput source="exp_month" label="pp.billing.card_month" autoComplete="cc-exp-month" inputMode="numeric" />
        <TextInput source="exp_year" label="pp.billing.card_year" autoComplete="cc-exp-year" inputMode="numeric" />
        <TextInput source="cvc" label="pp.billing.card_cvc" autoComplete="cc-csc" inputMode="numeric" />
      </Box>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="test-cards">
        <Typography variant="body2">{translate('pp.billing.test_cards')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                {c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
              </Typography>{' '}
              <Typography variant="body2" component="span">
                — {translate(`pp.billing.test_outcomes.${c.key}`)}
              </Typography>
            </li>
          ))}
        </Box>
      </Alert>
    </>
  );
}
