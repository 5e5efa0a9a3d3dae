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

export function sectionsFor(user: StoredUser, base: string): NavSection[] {
  return sections
    .filter((s) => canAccess(user, { resource: s.access }))
    .map((s) => {
      const pages = s.pages
        .filter((page): page is SectionPage & { label: string } => page.label !== undefined && canAccess(user, { resource: page.access }))
        .map((page) => ({ ...page, to: `${base}/${linkOf(page.path)}`, within: [linkOf(page.path), ...(page.also ?? [])].map((path) => `${base}/${path}`) }));
      return { ...s, pages, to: pages[0]?.to ?? base };
    });
}

/** Each section's first segments: its key, and any other its pages live under (the users' `user/…`). */
const OWNED = new Map<string, Section['key']>(sections.flatMap((s) => [s.key, ...s.pages.map((page) => page.path.split('/')[0] as string)].map((segment) => [segment, s.key] as const)));

/** The section a path belongs to: /{cu}/{segment}/…, by the segments its pages live under. */
export function sectionOf(pathname: string): Section['key'] | null {
  return OWNED.get(pathname.split('/')[2] ?? '') ?? null;
}
