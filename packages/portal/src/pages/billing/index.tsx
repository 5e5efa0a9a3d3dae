/**
 * The Billing section (002 §2), hidden for reseller 903 (000 §6): Add Funds and Pay Invoice here,
 * and the `invoices` and `transactions` resources' screens at the spec's billing addresses.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import BillingIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { MenuSection } from '../../layout/menu';
import { RequireArea } from '../../routing/guards';
import { routes as invoiceRoutes } from '../../resources/invoices';
import { routes as transactionRoutes } from '../../resources/transactions';

const AddFundsPage = lazy(() => import('./pay/AddFundsPage'));
const PayInvoicePage = lazy(() => import('./pay/PayInvoicePage'));

export const billingMenu: MenuSection = {
  key: 'billing',
  label: 'pp.nav.billing',
  icon: BillingIcon,
  area: 'billing',
  // Ours beside 000 §2's phone list: a reseller with billing reaches it on a phone too (903 has none).
  phone: true,
  pages: [
    { label: 'pp.nav.add_funds', path: 'billing/pay', area: 'billing' },
    // An invoice's own page (billing/invoice/{id}) is the Invoices tab's.
    { label: 'pp.nav.invoices', path: 'billing/invoices', area: 'billing', also: ['billing/invoice'] },
    { label: 'pp.nav.unpaid_invoices', path: 'billing/unpaid/invoices', area: 'billing' },
    { label: 'pp.nav.transactions', path: 'billing/transactions', area: 'billing' },
  ],
};

export const billingRoutes = [
  <Route key="pay" path="billing/pay" element={<RequireArea area="billing"><AddFundsPage /></RequireArea>} />,
  <Route key="pay-invoice" path="billing/pay/invoice/:id" element={<RequireArea area="billing"><PayInvoicePage /></RequireArea>} />,
  ...invoiceRoutes,
  ...transactionRoutes,
];
