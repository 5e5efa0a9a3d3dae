/**
 * The Billing section (002 §2), hidden for reseller 903. Its screens show Coming Soon until they
 * land; `invoices` and `transactions` then become resources on the coupons' pattern.
 */
import { Route } from 'react-router-dom';
import BillingIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { MenuSection } from '../../layout/menu';
import { RequireArea } from '../../routing/guards';
import { comingSoon } from '../coming-soon';

export const billingMenu: MenuSection = {
  key: 'billing',
  label: 'pp.nav.billing',
  icon: BillingIcon,
  area: 'billing',
  phone: false,
  pages: [
    { label: 'pp.nav.add_funds', path: 'billing/pay', area: 'billing' },
    { label: 'pp.nav.invoices', path: 'billing/invoices', area: 'billing' },
    { label: 'pp.nav.unpaid_invoices', path: 'billing/unpaid/invoices', area: 'billing' },
    { label: 'pp.nav.transactions', path: 'billing/transactions', area: 'billing' },
  ],
};

export const billingRoutes = ['pay', 'pay/invoice/:id', 'invoices', 'unpaid/invoices', 'transactions', 'invoice/:id'].map((page) => (
  <Route key={page} path={`billing/${page}`} element={<RequireArea area="billing">{comingSoon('pp.nav.billing')}</RequireArea>} />
));
