/**
 * Add Funds (002 §2) at billing/pay: the amount ($2000 at least, checked on blur and on submit with
 * the spec's messages), the method buttons, the card form or the redirect button, and the FAQ on
 * how coupons are billed.
 */
import { Card, CardContent } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Faq } from '../../../components/Faq';
import { PageHeader } from '../../../components/PageHeader';
import { PaymentForm } from './PaymentForm';

export const BILLING_FAQ = ['when', 'credit', 'refund', 'invoice'] as const;

export default function AddFundsPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('pp.billing.add_funds')} />
      <Card>
        <CardContent>
          <PaymentForm target={{ kind: 'deposit' }} />
        </CardContent>
      </Card>
      <Faq namespace="pp.billing_faq" keys={BILLING_FAQ} />
    </>
  );
}
