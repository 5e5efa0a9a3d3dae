/**
 * The menus' view of the sections (../sections.tsx): what a user may see of them, as links under its
 * prefix. The icon sidebar, the section tabs and the phone navbar all read these; canAccess decides
 * per role which sections and tabs a user gets.
 */
import { canAccess, type StoredUser } from '@partner-panel/data-provider';
import { sections, type Section, type SectionPage } from '../sections';

export interface NavTab extends SectionPage {
  label: string;
  /** The tab's link, absolute. */
  to: string;
  /** The page's own path and its `also` paths, absolute: the addresses under which the tab is open. */
  within: string[];
}

export interface NavSection extends Omit<Section, 'pages'> {
  /** The section's first tab, absolute. */
  to: string;
  pages: NavTab[];
}

/** A page's address without the `/*` that lets its screen route below it. */
const linkOf = (path: string) => path.replace(/\/\*$/, '');

/** Whether the user may open a page: its area's rule and its call's permission (the member's role). */
export const mayOpen = (user: StoredUser, page: Pick<SectionPage, 'access' | 'call'>) =>
  canAccess(user, page.call ? { resource: page.access, action: page.call } : { resource: page.access });

/**
 * The sections a user gets and, in each, the tabs they may open; a section none of whose tabs they
 * may open is not shown. `place`: the sidebar's (and the phone navbar's), or the user menu's.
 */
export function sectionsFor(user: StoredUser, base: string, place: 'sidebar' | 'userMenu' = 'sidebar'): NavSection[] {
  return sections
    .filter((s) => (s.userMenu === true) === (place === 'userMenu') && canAccess(user, { resource: s.access }))
    .map((s) => {
      const pages = s.pages
        .filter((page): page is SectionPage & { label: string } => page.label !== undefined && mayOpen(user, page))
        .map((page) => ({ ...page, to: `${base}/${linkOf(page.path)}`, within: [linkOf(page.path), ...(page.also ?? [])].map((path) => `${base}/${path}`) }));
      return { ...s, pages, to: pages[0]?.to ?? base };
    })
    .filter((s) => s.pages.length > 0);
}

/** Each section's first segments: its key, and any other its pages live under (the users' `user/…`). */
const OWNED = new Map<string, Section['key']>(sections.flatMap((s) => [s.key, ...s.pages.map((page) => page.path.split('/')[0] as string)].map((segment) => [segment, s.key] as const)));

/** The section a path belongs to: /{cu}/{segment}/…, by the segments its pages live under. */
export function sectionOf(pathname: string): Section['key'] | null {
  return OWNED.get(pathname.split('/')[2] ?? '') ?? null;
}
