/**
 * The `transactions` resource (002 §2): the wallet ledger as its reseller sees it, at the spec's
 * billing/transactions (a route of its own, `routes`). Billing is not reseller 903's (000 §6).
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import TransactionIcon from '@mui/icons-material/SwapVertOutlined';
import type { ResourceProps } from 'react-admin';
import { ShellPage } from '../../layout/emptyPages';
import { RequireArea } from '../../routing/guards';

const TransactionListPage = lazy(() => import('./TransactionList'));

export default {
  name: 'transactions',
  icon: TransactionIcon,
  recordRepresentation: 'transaction_id',
  options: { label: 'pp.nav.transactions' },
  children: [<Route key="other" path="*" element={<ShellPage />} />],
} satisfies ResourceProps;

export const routes = [
  <Route key="transactions" path="billing/transactions" element={<RequireArea area="billing"><TransactionListPage /></RequireArea>} />,
];
