/**
 * The signed-in portal, declared once: each section's menu entry (label, icon, who sees it, whether
 * the phone navbar has it), its pages (address, tab, who may open them, the screen), and the
 * react-admin resources whose records its screens show. The sidebar, the section tabs and the phone
 * navbar (layout/navigation.ts) and the routes and resources of <Admin> (admin/AdminApp.tsx) are all
 * read from here, so a label, path or rule lives in one place.
 *
 * Who sees what is `access`, an area of the contract's rules (`canAccess`, 000 §6): a section's entry
 * and its tabs are shown to the users they are for, and its pages' routes send anyone else to the
 * nearest page that is theirs. Every screen is lazily loaded; the dashboard's code is fetched while
 * the password is typed (admin/firstScreen.ts).
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import BillingIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CouponIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import UsersIcon from '@mui/icons-material/GroupOutlined';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import VpnIcon from '@mui/icons-material/VpnKeyOutlined';
import type { Area } from '@partner-panel/data-provider';
import type { ResourceProps } from 'react-admin';
import { ShellPage } from './layout/emptyPages';
import { DashboardPage } from './pages/dashboard/overview';
import type { PageKey } from './routing/paths';

export interface SectionPage {
  /** The route under the prefix; `/*` ends one whose screen has addresses of its own below it. */
  path: string;
  /** The tab's label: a page with one is a tab of its section, in this order, linking to `path`. */
  label?: string;
  access: Area;
  /** Where a user `access` refuses goes: one of its own pages (by default the dashboard). */
  otherwise?: PageKey;
  /** Further paths (under the prefix) whose screens belong to this tab, such as a list's detail page. */
  also?: string[];
  screen: ReactNode;
}

export interface Section {
  /** The section's name, and the first segment of its addresses (`nav-{key}` in the sidebar). */
  key: 'dashboard' | 'coupons' | 'vpn' | 'billing' | 'integration' | 'users';
  label: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  access: Area;
  /** Shown in the phone navbar (000 §2 lists which). */
  phone: boolean;
  pages: SectionPage[];
  /**
   * The react-admin resources its screens list and show: registered for their records' names
   * (`recordRepresentation`); their screens are the pages above, at the spec's addresses.
   */
  resources?: Pick<ResourceProps, 'name' | 'options' | 'recordRepresentation'>[];
}

const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return <Screen />;
};
const InvoiceList = lazy(() => import('./resources/invoices/InvoiceList'));

export const sections: Section[] = [
  {
    key: 'dashboard',
    label: 'pp.nav.control_panel',
    icon: DashboardIcon,
    access: 'dashboard',
    phone: true,
    pages: [
      { path: 'dashboard/overview', label: 'pp.nav.dashboard', access: 'dashboard', screen: <DashboardPage /> },
      { path: 'dashboard/redeem', label: 'pp.nav.redeem_embed', access: 'redeem', screen: screen(() => import('./pages/dashboard/redeem/RedeemEmbedPage')) },
      { path: 'dashboard/exploredocs', label: 'pp.nav.docs', access: 'dashboard', screen: screen(() => import('./pages/dashboard/exploredocs/ExploreDocsPage')) },
    ],
  },
  {
    key: 'coupons',
    label: 'pp.nav.coupons',
    icon: CouponIcon,
    access: 'coupons.list',
    phone: true,
    pages: [
      { path: 'coupons/generate', label: 'pp.nav.generate', access: 'coupons.generate', screen: screen(() => import('./resources/coupons/generate/GeneratePage')) },
      { path: 'coupons/list', label: 'pp.nav.coupons_list', access: 'coupons.list', screen: screen(() => import('./resources/coupons/CouponList')) },
      // Not reseller 903's: it goes to its list.
      { path: 'coupons/price', label: 'pp.nav.price', access: 'coupons.price', otherwise: 'couponsList', screen: screen(() => import('./resources/coupons/PricingPage')) },
    ],
    resources: [{ name: 'coupons', options: { label: 'pp.nav.coupons' }, recordRepresentation: 'code' }],
  },
  {
    key: 'vpn',
    label: 'pp.nav.vpn',
    icon: VpnIcon,
    access: 'vpn.subscriptions',
    phone: true,
    pages: [
      // The tab comes from the address (create, update, enable, delete); 903 has no Create and starts on Update.
      { path: 'vpn/subscriptions/*', label: 'pp.nav.vpn_subscriptions', access: 'vpn.subscriptions', screen: screen(() => import('./resources/vpn-subscriptions/manage/ManageVpnPage')) },
      { path: 'vpn/list', label: 'pp.nav.vpn_list', access: 'vpn.list', screen: screen(() => import('./resources/vpn-subscriptions/VpnList')) },
    ],
    resources: [{ name: 'vpn-subscriptions', options: { label: 'pp.nav.vpn_list' }, recordRepresentation: 'vpn_username' }],
  },
  {
    key: 'billing',
    label: 'pp.nav.billing',
    icon: BillingIcon,
    // Not reseller 903's (000 §6).
    access: 'billing',
    // Ours beside 000 §2's phone list: a reseller with billing reaches it on a phone too.
    phone: true,
    pages: [
      { path: 'billing/pay', label: 'pp.nav.add_funds', access: 'billing', screen: screen(() => import('./pages/billing/pay/AddFundsPage')) },
      { path: 'billing/pay/invoice/:id', access: 'billing', screen: screen(() => import('./pages/billing/pay/PayInvoicePage')) },
      // An invoice's own page (billing/invoice/{id}) is the Invoices tab's.
      { path: 'billing/invoices', label: 'pp.nav.invoices', access: 'billing', also: ['billing/invoice'], screen: <InvoiceList /> },
      { path: 'billing/unpaid/invoices', label: 'pp.nav.unpaid_invoices', access: 'billing', screen: <InvoiceList unpaid /> },
      { path: 'billing/transactions', label: 'pp.nav.transactions', access: 'billing', screen: screen(() => import('./resources/transactions/TransactionList')) },
      { path: 'billing/invoice/:id', access: 'billing', screen: screen(() => import('./resources/invoices/InvoiceShow')) },
    ],
    resources: [
      { name: 'invoices', options: { label: 'pp.nav.invoices' }, recordRepresentation: (record: { id: number }) => `#${record.id}` },
      { name: 'transactions', options: { label: 'pp.nav.transactions' }, recordRepresentation: 'transaction_id' },
    ],
  },
  {
    key: 'integration',
    label: 'pp.nav.integration',
    icon: IntegrationIcon,
    access: 'integration',
    phone: true,
    pages: [
      { path: 'integration/form', label: 'pp.nav.redeem_form', access: 'integration', screen: screen(() => import('./pages/integration/form/EmbedBuilderPage')) },
      { path: 'integration/keys', label: 'pp.nav.keys', access: 'integration', screen: screen(() => import('./pages/integration/keys/KeysPage')) },
      // One endpoint's panel at a time, by the address (integration/sandbox/{endpoint}).
      { path: 'integration/sandbox/*', label: 'pp.nav.sandbox', access: 'integration', screen: screen(() => import('./pages/integration/sandbox/SandboxPage')) },
      { path: 'integration/webhooks', label: 'pp.nav.webhooks', access: 'integration', screen: screen(() => import('./pages/integration/webhooks/WebhooksPage')) },
    ],
  },
  {
    key: 'users',
    label: 'pp.nav.users',
    icon: UsersIcon,
    // An admin's (is_admin on the stored user, 002 §2).
    access: 'users',
    // Not in the spec's phone list, which is a reseller's: without it an admin could not reach its users on a phone.
    phone: true,
    pages: [
      { path: 'users/all', label: 'pp.nav.users', access: 'users', screen: screen(() => import('./resources/users/UserList')) },
      // Ours: the operator's white-label enquiries (the server lists them for an admin of no admin).
      { path: 'users/white-label', label: 'pp.nav.white_label', access: 'users', screen: screen(() => import('./pages/users/white-label/WhiteLabelEnquiries')) },
      // The user's own pages: user/edit/{id}[/listcoupons|/listsusbscriptions|/generatecoupon].
      { path: 'user/edit/:id/*', access: 'users', screen: screen(() => import('./resources/users/UserPages')) },
    ],
    resources: [{ name: 'users', options: { label: 'pp.nav.users' }, recordRepresentation: 'name' }],
  },
];

/**
 * The signed-in pages of no section — the account's, reached from the user menu and the bell — and
 * the generic `/{menu}/{submenu}` addresses with one to three further parameters, which render the
 * shell (000 §2).
 */
export const accountPages: SectionPage[] = [
  { path: 'notifications', access: 'notifications', screen: screen(() => import('./pages/notifications/NotificationsPage')) },
  { path: 'profile', access: 'profile', screen: screen(() => import('./pages/profile/ProfilePage')) },
  // Where a payment's provider sends the reseller back; only a reseller with billing pays.
  { path: 'payments/success', access: 'billing', screen: screen(() => import('./pages/payments/success/PaymentSuccessPage')) },
  ...[':submenu', ':submenu/:a', ':submenu/:a/:b', ':submenu/:a/:b/:c'].map((path): SectionPage => ({ path, access: 'dashboard', screen: <ShellPage /> })),
];
