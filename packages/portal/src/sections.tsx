/**
 * The signed-in portal, declared once: each section's menu entry (label, icon, who sees it, whether
 * the phone navbar has it), its pages (address, tab, who may open them, the screen), and the
 * react-admin resources whose records its screens show. The sidebar, the section tabs and the phone
 * navbar (layout/navigation.ts) and the routes and resources of <Admin> (admin/AdminApp.tsx) are all
 * read from here, so a label, path or rule lives in one place.
 *
 * Who sees what is two rules (`canAccess`): `access`, an area of the account's rules (000 §6), whose
 * pages send anyone else to the nearest page that is theirs; and `call`, the contract call the screen
 * is for, whose declared permission the member's role must hold (`contract.<call>.permission`, the
 * table the server enforces) — else the entry is not shown and its address shows the 'not allowed'
 * page. A section is shown when one of its tabs is. Every screen is lazily loaded; the dashboard's
 * code is fetched while the password is typed (admin/firstScreen.ts).
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import BillingIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CouponIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import UsersIcon from '@mui/icons-material/GroupOutlined';
import TeamIcon from '@mui/icons-material/GroupsOutlined';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import OperatorIcon from '@mui/icons-material/StorefrontOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import VpnIcon from '@mui/icons-material/VpnKeyOutlined';
import type { Area } from '@partner-panel/data-provider';
import type { CallName } from '@partner-panel/sdk';
import type { ResourceProps } from 'react-admin';
import { ShellPage } from './layout/emptyPages';
import { DashboardPage } from './pages/dashboard/overview';
import type { PageKey } from './routing/paths';
import { loadAllMessages } from './i18n/catalogues';
import { currentLocale } from './i18n/locale';

export interface SectionPage {
  /** The route under the prefix; `/*` ends one whose screen has addresses of its own below it. */
  path: string;
  /** The tab's label: a page with one is a tab of its section, in this order, linking to `path`. */
  label?: string;
  access: Area;
  /** The call the screen is for: a member whose role lacks its permission gets the 'not allowed' page. */
  call?: CallName;
  /** Where a user `access` refuses goes: one of its own pages (by default the dashboard). */
  otherwise?: PageKey;
  /** Further paths (under the prefix) whose screens belong to this tab, such as a list's detail page. */
  also?: string[];
  screen: ReactNode;
}

export interface Section {
  /** The section's name, and the first segment of its addresses (`nav-{key}` in the sidebar). */
  key: 'dashboard' | 'coupons' | 'vpn' | 'billing' | 'integration' | 'users' | 'team' | 'operator';
  label: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  access: Area;
  /** Shown in the phone navbar (000 §2 lists which). */
  phone: boolean;
  /** Reached from the user menu (the account's own pages), not the sidebar or the phone navbar. */
  userMenu?: boolean;
  pages: SectionPage[];
  /**
   * The react-admin resources its screens list and show: registered for their records' names
   * (`recordRepresentation`); their screens are the pages above, at the spec's addresses.
   */
  resources?: Pick<ResourceProps, 'name' | 'options' | 'recordRepresentation'>[];
}

/** A screen's code, with the rest of the shown language's catalogue (i18n/catalogues.ts) it reads. */
const withWords = <M,>(load: () => Promise<M>) => () => Promise.all([load(), loadAllMessages(currentLocale())]).then(([module]) => module);
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(withWords(load));
  return <Screen />;
};
const InvoiceList = lazy(withWords(() => import('./resources/invoices/InvoiceList')));

export const sections: Section[] = [
  {
    key: 'dashboard',
    label: 'pp.nav.control_panel',
    icon: DashboardIcon,
    access: 'dashboard',
    phone: true,
    pages: [
      { path: 'dashboard/overview', label: 'pp.nav.dashboard', access: 'dashboard', call: 'dashboard', screen: <DashboardPage /> },
      { path: 'dashboard/redeem', label: 'pp.nav.redeem_embed', access: 'redeem', call: 'getRedeemEmbed', screen: screen(() => import('./pages/dashboard/redeem/RedeemEmbedPage')) },
      { path: 'dashboard/exploredocs', label: 'pp.nav.docs', access: 'dashboard', call: 'dashboard', screen: screen(() => import('./pages/dashboard/exploredocs/ExploreDocsPage')) },
    ],
  },
  {
    key: 'coupons',
    label: 'pp.nav.coupons',
    icon: CouponIcon,
    access: 'coupons.list',
    phone: true,
    pages: [
      { path: 'coupons/generate', label: 'pp.nav.generate', access: 'coupons.generate', call: 'generateCoupons', screen: screen(() => import('./resources/coupons/generate/GeneratePage')) },
      { path: 'coupons/list', label: 'pp.nav.coupons_list', access: 'coupons.list', call: 'listCoupons', screen: screen(() => import('./resources/coupons/CouponList')) },
      // Not reseller 903's: it goes to its list.
      { path: 'coupons/price', label: 'pp.nav.price', access: 'coupons.price', call: 'productPricing', otherwise: 'couponsList', screen: screen(() => import('./resources/coupons/PricingPage')) },
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
      // Its screen changes accounts: a role that only reads them (Finance, Viewer) has the list.
      { path: 'vpn/subscriptions/*', label: 'pp.nav.vpn_subscriptions', access: 'vpn.subscriptions', call: 'updateVpnStatus', screen: screen(() => import('./resources/vpn-subscriptions/manage/ManageVpnPage')) },
      { path: 'vpn/list', label: 'pp.nav.vpn_list', access: 'vpn.list', call: 'listVpnAccounts', screen: screen(() => import('./resources/vpn-subscriptions/VpnList')) },
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
      { path: 'billing/pay', label: 'pp.nav.add_funds', access: 'billing', call: 'paymentMethods', screen: screen(() => import('./pages/billing/pay/AddFundsPage')) },
      { path: 'billing/pay/invoice/:id', access: 'billing', call: 'paymentMethods', screen: screen(() => import('./pages/billing/pay/PayInvoicePage')) },
      // An invoice's own page (billing/invoice/{id}) is the Invoices tab's.
      { path: 'billing/invoices', label: 'pp.nav.invoices', access: 'billing', call: 'invoices', also: ['billing/invoice'], screen: <InvoiceList /> },
      { path: 'billing/unpaid/invoices', label: 'pp.nav.unpaid_invoices', access: 'billing', call: 'unpaidInvoices', screen: <InvoiceList unpaid /> },
      { path: 'billing/transactions', label: 'pp.nav.transactions', access: 'billing', call: 'transactions', screen: screen(() => import('./resources/transactions/TransactionList')) },
      { path: 'billing/invoice/:id', access: 'billing', call: 'invoice', screen: screen(() => import('./resources/invoices/InvoiceShow')) },
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
      { path: 'integration/form', label: 'pp.nav.redeem_form', access: 'integration', call: 'updateRedeemEmbed', screen: screen(() => import('./pages/integration/form/EmbedBuilderPage')) },
      { path: 'integration/keys', label: 'pp.nav.keys', access: 'integration', call: 'getSecretKey', screen: screen(() => import('./pages/integration/keys/KeysPage')) },
      // One endpoint's panel at a time, by the address (integration/sandbox/{endpoint}).
      { path: 'integration/sandbox/*', label: 'pp.nav.sandbox', access: 'integration', call: 'getSecretKey', screen: screen(() => import('./pages/integration/sandbox/SandboxPage')) },
      { path: 'integration/webhooks', label: 'pp.nav.webhooks', access: 'integration', call: 'listWebhookEndpoints', screen: screen(() => import('./pages/integration/webhooks/WebhooksPage')) },
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
      { path: 'users/all', label: 'pp.nav.users', access: 'users', call: 'listUsers', screen: screen(() => import('./resources/users/UserList')) },
      // The user's own pages: user/edit/{id}[/listcoupons|/listsusbscriptions|/generatecoupon].
      { path: 'user/edit/:id/*', access: 'users', call: 'getUser', screen: screen(() => import('./resources/users/UserPages')) },
    ],
    resources: [{ name: 'users', options: { label: 'pp.nav.users' }, recordRepresentation: 'name' }],
  },
  {
    // Ours (issue 35): the operator's console, the provider's own account; no reseller sees it.
    key: 'operator',
    label: 'pp.nav.operator',
    icon: OperatorIcon,
    access: 'operator',
    phone: true,
    pages: [
      { path: 'programme', label: 'pp.nav.programme', access: 'operator', call: 'programmeDashboard', screen: screen(() => import('./pages/operator/programme/ProgrammePage')) },
      { path: 'catalogue', label: 'pp.nav.catalogue', access: 'operator', call: 'catalogue', screen: screen(() => import('./pages/operator/catalogue/CataloguePage')) },
      { path: 'resellers', label: 'pp.nav.resellers', access: 'operator', call: 'operatorResellers', screen: screen(() => import('./pages/operator/resellers/ResellersPage')) },
      { path: 'money', label: 'pp.nav.money', access: 'operator', call: 'operatorMoney', screen: screen(() => import('./pages/operator/money/MoneyPage')) },
      { path: 'money/reconciliation', label: 'pp.nav.reconciliation', access: 'operator', call: 'operatorReconciliation', screen: screen(() => import('./pages/operator/money/ReconciliationPage')) },
      { path: 'white-label', label: 'pp.nav.white_label', access: 'operator', call: 'whiteLabelEnquiries', screen: screen(() => import('./pages/operator/white-label/WhiteLabelEnquiries')) },
      { path: 'audit', label: 'pp.nav.audit', access: 'operator', call: 'operatorAudit', screen: screen(() => import('./pages/operator/audit/AuditPage')) },
    ],
    resources: [{ name: 'operator-resellers', options: { label: 'pp.nav.resellers' }, recordRepresentation: 'name' }],
  },
  {
    key: 'team',
    label: 'pp.nav.team',
    icon: TeamIcon,
    access: 'team',
    phone: false,
    // Ours (issue 34): the account's people, under the user menu beside Profile.
    userMenu: true,
    pages: [{ path: 'team', label: 'pp.nav.team', access: 'team', call: 'teamMembers', screen: screen(() => import('./resources/team/TeamPage')) }],
    resources: [
      { name: 'team', options: { label: 'pp.nav.team' }, recordRepresentation: 'name' },
      { name: 'team-invitations', options: { label: 'pp.team.invitations' }, recordRepresentation: 'email' },
    ],
  },
];

/**
 * The signed-in pages of no section — the account's, reached from the user menu and the bell — and
 * the generic `/{menu}/{submenu}` addresses with one to three further parameters, which render the
 * shell (000 §2).
 */
export const accountPages: SectionPage[] = [
  { path: 'notifications', access: 'notifications', call: 'notifications', screen: screen(() => import('./pages/notifications/NotificationsPage')) },
  { path: 'profile', access: 'profile', call: 'profile', screen: screen(() => import('./pages/profile/ProfilePage')) },
  // Where a payment's provider sends the reseller back; only a reseller with billing pays.
  { path: 'payments/success', access: 'billing', call: 'verifyPayment', screen: screen(() => import('./pages/payments/success/PaymentSuccessPage')) },
  ...[':submenu', ':submenu/:a', ':submenu/:a/:b', ':submenu/:a/:b/:c'].map((path): SectionPage => ({ path, access: 'dashboard', screen: <ShellPage /> })),
];
