/** Paying the way the portal does it with the test gateway: token, payment call (400002), confirm. */
import type { Client } from '@partner-panel/sdk';

export const CARDS = {
  ok: '4242424242424242',
  confirm: '4000002500003155',
  declined: '4000000000000002',
  noFunds: '4000000000009995',
  expired: '4000000000000069',
  confirmThenDeclined: '4000008400001629',
  lostEvent: '4000000000000077',
} as const;

export async function cardToken(api: Client, number: string) {
  const made = await api.testGatewayToken({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Ann Payer' });
  if (!made.token) throw new Error(`no token: ${JSON.stringify(made.error)}`);
  return made.token;
}

/** Starts a test-card payment: a deposit of `amount`, or the payment of `invoiceId`. */
export async function startTestCard(api: Client, number: string, target: { amount: number | string } | { invoiceId: number }, key?: string) {
  const token = await cardToken(api, number);
  const body = 'invoiceId' in target ? { invoiceId: target.invoiceId, invoicePayment: true } : { amount: target.amount };
  return api.payByTestCard({ name: 'Ann Payer', email: 'ann@example.com', token, ...body }, key ? { idempotencyKey: key } : {});
}

/** Starts and confirms; answers the payment call's body and the confirmation's answer. */
export async function payTestCard(api: Client, number: string, target: { amount: number | string } | { invoiceId: number }) {
  const started = await startTestCard(api, number, target);
  const confirmed = await api.testGatewayConfirm({ client_secret: started.client_secret });
  return { started, confirmed };
}
