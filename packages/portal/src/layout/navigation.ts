/**
 * The portal's sections in menu order, read from their definitions (resources and custom pages), and
 * what a user may see of them: canAccess decides per role.
 */
import { canAccess, type StoredUser } from '@partner-panel/data-provider';
import coupons from '../resources/coupons';
import users from '../resources/users';
import vpnSubscriptions from '../resources/vpn-subscriptions';
import { billingMenu } from '../pages/billing';
import { dashboardMenu } from '../pages/dashboard';
import { integrationMenu } from '../pages/integration';
import type { MenuSection } from './menu';

const SECTIONS: MenuSection[] = [dashboardMenu, coupons.options.menu, vpnSubscriptions.options.menu, billingMenu, integrationMenu, users.options.menu];

export interface NavSection extends MenuSection {
  /** The section's first page, absolute. */
  to: string;
  /** `within`: the page's own path and its `also` paths, absolute. */
  pages: (MenuSection['pages'][number] & { to: string; within: string[] })[];
}

export function sectionsFor(user: StoredUser, base: string): NavSection[] {
  return SECTIONS.filter((s) => canAccess(user, { resource: s.area })).map((s) => {
    const pages = s.pages
      .filter((page) => canAccess(user, { resource: page.area }))
      .map((page) => ({ ...page, to: `${base}/${page.path}`, within: [page.path, ...(page.also ?? [])].map((path) => `${base}/${path}`) }));
    return { ...s, pages, to: pages[0]?.to ?? base };
  });
}

/** The section a path belongs to: /{cu}/{section}/… (users and user/edit are the Users section). */
export function sectionOf(pathname: string): MenuSection['key'] | null {
  const second = pathname.split('/')[2];
  if (second === 'user') return 'users';
  return SECTIONS.find((s) => s.key === second)?.key ?? null;
}
