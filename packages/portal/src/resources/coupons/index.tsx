/**
 * The `coupons` resource (001 §2.1–2.3): its views are child routes under the reseller's prefix —
 * coupons/generate, coupons/list and coupons/price (not for reseller 903, who goes to its list).
 * The menus read `options.menu`.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import CouponIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import type { ResourceProps } from 'react-admin';
import type { MenuSection } from '../../layout/menu';
import { ShellPage } from '../../layout/emptyPages';
import { RequireArea } from '../../routing/guards';

const CouponList = lazy(() => import('./CouponList'));
const GeneratePage = lazy(() => import('./generate/GeneratePage'));
const PricingPage = lazy(() => import('./PricingPage'));

const menu: MenuSection = {
  key: 'coupons',
  label: 'pp.nav.coupons',
  icon: CouponIcon,
  area: 'coupons.list',
  phone: true,
  pages: [
    { label: 'pp.nav.generate', path: 'coupons/generate', area: 'coupons.generate' },
    { label: 'pp.nav.coupons_list', path: 'coupons/list', area: 'coupons.list' },
    { label: 'pp.nav.price', path: 'coupons/price', area: 'coupons.price' },
  ],
};

export default {
  name: 'coupons',
  icon: CouponIcon,
  recordRepresentation: 'code',
  options: { label: 'pp.nav.coupons', menu },
  children: [
    <Route key="generate" path="generate" element={<GeneratePage />} />,
    <Route key="list" path="list" element={<CouponList />} />,
    <Route key="price" path="price" element={<RequireArea area="coupons.price" otherwise="couponsList"><PricingPage /></RequireArea>} />,
    // Any other coupons/… address is a generic page: the shell (000 §2).
    <Route key="other" path="*" element={<ShellPage />} />,
  ],
} satisfies ResourceProps & { options: { menu: MenuSection } };
