/**
 * The portal's sections and their pages, in one place: the icon sidebar, the section tabs and the
 * mobile navbar all read it, and canAccess decides what each role sees.
 */
import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import CouponIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import VpnIcon from '@mui/icons-material/VpnKeyOutlined';
import BillingIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import UsersIcon from '@mui/icons-material/GroupOutlined';
import { canAccess, type Area, type StoredUser } from '@partner-panel/data-provider';
import { paths } from '../routing/paths';

export interface NavPage {
  label: string;
  to: string;
  area: Area;
}

export interface NavSection {
  key: 'dashboard' | 'coupons' | 'vpn' | 'billing' | 'integration' | 'users';
  label: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  to: string;
  area: Area;
  pages: NavPage[];
}

export function sectionsFor(user: StoredUser): NavSection[] {
  const p = paths(user.custom_url);
  const all: NavSection[] = [
    {
      key: 'dashboard',
      label: 'pp.nav.control_panel',
      icon: DashboardIcon,
      to: p.overview,
      area: 'dashboard',
      pages: [
        { label: 'pp.nav.dashboard', to: p.overview, area: 'dashboard' },
        { label: 'pp.nav.redeem_embed', to: p.redeemEmbed, area: 'redeem' },
        { label: 'pp.nav.docs', to: p.exploreDocs, area: 'dashboard' },
      ],
    },
    {
      key: 'coupons',
      label: 'pp.nav.coupons',
      icon: CouponIcon,
      to: p.generate,
      area: 'coupons.list',
      pages: [
        { label: 'pp.nav.generate', to: p.generate, area: 'coupons.generate' },
        { label: 'pp.nav.coupons_list', to: p.couponsList, area: 'coupons.list' },
        { label: 'pp.nav.price', to: p.price, area: 'coupons.price' },
      ],
    },
    {
      key: 'vpn',
      label: 'pp.nav.vpn',
      icon: VpnIcon,
      to: p.subscriptions,
      area: 'vpn.subscriptions',
      pages: [
        { label: 'pp.nav.vpn_subscriptions', to: p.subscriptions, area: 'vpn.subscriptions' },
        { label: 'pp.nav.vpn_list', to: p.vpnList, area: 'vpn.list' },
      ],
    },
    {
      key: 'billing',
      label: 'pp.nav.billing',
      icon: BillingIcon,
      to: p.pay,
      area: 'billing',
      pages: [
        { label: 'pp.nav.add_funds', to: p.pay, area: 'billing' },
        { label: 'pp.nav.invoices', to: p.invoices, area: 'billing' },
        { label: 'pp.nav.unpaid_invoices', to: p.unpaidInvoices, area: 'billing' },
        { label: 'pp.nav.transactions', to: p.transactions, area: 'billing' },
      ],
    },
    {
      key: 'integration',
      label: 'pp.nav.integration',
      icon: IntegrationIcon,
      to: p.integrationForm,
      area: 'integration',
      pages: [
        { label: 'pp.nav.redeem_form', to: p.integrationForm, area: 'integration' },
        { label: 'pp.nav.keys', to: p.keys, area: 'integration' },
        { label: 'pp.nav.sandbox', to: p.sandbox, area: 'integration' },
      ],
    },
    { key: 'users', label: 'pp.nav.users', icon: UsersIcon, to: p.users, area: 'users', pages: [{ label: 'pp.nav.users', to: p.users, area: 'users' }] },
  ];
  return all
    .filter((s) => canAccess(user, { resource: s.area }))
    .map((s) => ({ ...s, pages: s.pages.filter((page) => canAccess(user, { resource: page.area })) }));
}

/** The section a path belongs to: /{cu}/{section}/… (users and user/edit are the Users section). */
export function sectionOf(pathname: string): NavSection['key'] | null {
  const second = pathname.split('/')[2];
  if (second === 'user') return 'users';
  return (['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users'] as const).find((k) => k === second) ?? null;
}
