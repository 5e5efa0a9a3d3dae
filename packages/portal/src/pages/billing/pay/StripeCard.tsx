/**
 * Stripe's card field (stripe-js), mounted only when the server offers Stripe: js.stripe.com is
 * loaded on first use, never otherwise. The card never touches our server: Stripe turns it into a
 * PaymentMethod, and the browser confirms the payment with Stripe (3-D Secure included).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, FormLabel, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';

/** What a card method needs from the card field: a token for the payment call, then the confirmation. */
export interface CardHandle {
  token(payer: { name: string; email: string }): Promise<{ token: string } | { error: string }>;
  confirm(clientSecret: string): Promise<{ ok: true } | { error: string }>;
}

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export function StripeCard({ publishableKey, onReady }: { publishableKey: string; onReady: (card: CardHandle | null) => void }) {
  const translate = useTranslate();
  const mount = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let gone = false;
    stripeFor(publishableKey)
      .then((stripe) => {
        if (gone || !mount.current) return;
        if (!stripe) throw new Error('stripe-js did not load');
        element = stripe.elements().create('card', { hidePostalCode: true });
        element.mount(mount.current);
        setReady(true);
        const card = element;
        onReady({
          async token(payer) {
            const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: payer.name, ...(payer.email ? { email: payer.email } : {}) } });
            if (error || !paymentMethod) return { error: translate('pp.billing.card_error', { code: error?.code ?? 'card_error', message: error?.message ?? '' }) };
            return { token: paymentMethod.id };
          },
          async confirm(clientSecret) {
            const { error } = await stripe.confirmCardPayment(clientSecret);
            if (!error) return { ok: true };
            return { error: error.decline_code ? translate('pp.billing.decline', { message: error.message ?? '', decline_code: error.decline_code }) : (error.message ?? '') };
          },
        });
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      element?.destroy();
      onReady(null);
    };
  }, [publishableKey, onReady, translate]);

  return (
    <Box sx={{ my: 2 }}>
      <FormLabel>{translate('pp.billing.card_element')}</FormLabel>
      <Box ref={mount} sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 40 }} />
      {!ready && !failed ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.billing.card_loading')}
        </Typography>
      ) : null}
      {failed ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('pp.billing.no_methods')}
        </Alert>
      ) : null}
    </Box>
  );
}
