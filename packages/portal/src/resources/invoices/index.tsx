/**
 * The `invoices` resource (002 §2). Its screens live at the spec's billing addresses, not at the
 * resource's own path: billing/invoices, billing/unpaid/invoices (the same list, unpaid only) and
 * billing/invoice/{id}; they are routes of their own (`routes`) that render the resource's views.
 * Billing is not reseller 903's (000 §6).
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import InvoiceIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { ResourceProps } from 'react-admin';
import { ShellPage } from '../../layout/emptyPages';
import { RequireArea } from '../../routing/guards';

const InvoiceListPage = lazy(() => import('./InvoiceList'));
const InvoiceShow = lazy(() => import('./InvoiceShow'));

export default {
  name: 'invoices',
  icon: InvoiceIcon,
  recordRepresentation: (record: { id: number }) => `#${record.id}`,
  options: { label: 'pp.nav.invoices' },
  children: [<Route key="other" path="*" element={<ShellPage />} />],
} satisfies ResourceProps;

export const routes = [
  <Route key="invoices" path="billing/invoices" element={<RequireArea area="billing"><InvoiceListPage /></RequireArea>} />,
  <Route key="unpaid" path="billing/unpaid/invoices" element={<RequireArea area="billing"><InvoiceListPage unpaid /></RequireArea>} />,
  <Route key="invoice" path="billing/invoice/:id" element={<RequireArea area="billing"><InvoiceShow /></RequireArea>} />,
];
