/**
 * Every signed-in route of 000 §2 and 002 §2. Screens that later work builds show the Coming Soon
 * placeholder (002 §2) inside the shell until then.
 */
import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { OwnPrefix, RequireAdmin, RequireArea } from '../routing/guards';
import { ToOwn } from '../routing/redirects';

const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const PaymentSuccessPage = lazy(() => import('../pages/payment-success/PaymentSuccessPage'));
const GeneratePage = lazy(() => import('../pages/generate/GeneratePage'));
const PricingPage = lazy(() => import('../pages/pricing/PricingPage'));
const CouponListPage = lazy(() => import('../resources/coupons/CouponListPage'));
const UserListPage = lazy(() => import('../resources/users/UserListPage'));
const UserSection = lazy(() => import('../pages/user/UserSection'));
const ManageVpnPage = lazy(() => import('../resources/vpn/ManageVpnPage'));
const VpnListPage = lazy(() => import('../resources/vpn/VpnListPage'));
const NotificationsPage = lazy(() => import('../pages/notifications/NotificationsPage'));
const ComingSoonPage = lazy(() => import('../pages/coming-soon/ComingSoonPage'));
const ShellPage = lazy(() => import('../pages/coming-soon/ShellPage'));

const soon = (title: string) => <ComingSoonPage title={title} />;
const own = (element: ReactNode) => <OwnPrefix>{element}</OwnPrefix>;
const admin = (element: ReactNode) => own(<RequireAdmin>{element}</RequireAdmin>);
const route = (path: string, element: ReactNode) => <Route key={path} path={path} element={element} />;

export const signedInRoutes = [
  // Short forms (000 §2)
  route('/dashboard', <ToOwn page="overview" />),
  route('/coupons', <ToOwn page="generate" />),
  route('/vpn', <ToOwn page="subscriptions" />),
  route('/billing', <RequireArea area="billing"><ToOwn page="pay" /></RequireArea>),
  // Dashboard area
  route('/:cu/dashboard/overview', own(<DashboardPage />)),
  route('/:cu/dashboard/exploredocs', own(soon('pp.nav.docs'))),
  route('/:cu/dashboard/redeem', own(soon('pp.nav.redeem_embed'))),
  // Coupons; reseller 903 has no price page and goes to its list
  route('/:cu/coupons/generate', own(<GeneratePage />)),
  route('/:cu/coupons/list', own(<CouponListPage />)),
  route('/:cu/coupons/price', own(<RequireArea area="coupons.price" otherwise="couponsList"><PricingPage /></RequireArea>)),
  // VPN: the four tabs are one screen; reseller 903 has no Create tab and starts on Update
  ...['subscriptions', 'subscriptions/update', 'subscriptions/enable', 'subscriptions/delete'].map((tab) =>
    route(`/:cu/vpn/${tab}`, own(<ManageVpnPage />)),
  ),
  route('/:cu/vpn/subscriptions/create', own(<RequireArea area="vpn.create" otherwise="vpnUpdate"><ManageVpnPage /></RequireArea>)),
  route('/:cu/vpn/list', own(<VpnListPage />)),
  // Billing, hidden for 903
  ...['pay', 'pay/invoice/:id', 'invoices', 'unpaid/invoices', 'transactions', 'invoice/:id'].map((page) =>
    route(`/:cu/billing/${page}`, own(<RequireArea area="billing">{soon('pp.nav.billing')}</RequireArea>)),
  ),
  // Integration, notifications, profile, payment success
  route('/:cu/integration/form', own(soon('pp.nav.redeem_form'))),
  route('/:cu/integration/keys', own(soon('pp.nav.keys'))),
  route('/:cu/integration/sandbox', own(soon('pp.nav.sandbox'))),
  route('/:cu/notifications', own(<NotificationsPage />)),
  route('/:cu/profile', own(<ProfilePage />)),
  route('/:cu/payments/success', own(<PaymentSuccessPage />)),
  // Admin only: is_admin on the stored user, otherwise / (000 §2)
  route('/:cu/users/all', admin(<UserListPage />)),
  route('/:cu/user/edit/:id', admin(<UserSection page="profile" />)),
  ...(['listcoupons', 'listsusbscriptions', 'generatecoupon'] as const).map((sub) => route(`/:cu/user/edit/:id/${sub}`, admin(<UserSection page={sub} />))),
  // Generic /{menu}/{submenu} with one, two or three further parameters render the shell
  ...[':menu/:submenu', ':menu/:submenu/:a', ':menu/:submenu/:a/:b', ':menu/:submenu/:a/:b/:c'].map((path) => route(`/${path}`, <ShellPage />)),
];
