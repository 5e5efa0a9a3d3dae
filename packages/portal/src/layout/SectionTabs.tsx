/** The pages of the current section, as tabs above the page. */
import { Tab, Tabs } from '@mui/material';
import { useBasename, useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { sectionOf, sectionsFor } from './navigation';
import { TAB_STRIP } from './tabStrip';

export function SectionTabs({ user }: { user: StoredUser }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = sectionsFor(user, useBasename()).find((s) => s.key === sectionOf(pathname));
  if (!section || section.pages.length < 2) return null;
  // The page whose path (or one of its `also` paths, a detail page's) is the longest that the
  // current path starts with is the open tab.
  const matched = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const depth = (page: (typeof section.pages)[number]) => Math.max(0, ...page.within.filter(matched).map((path) => path.length));
  const active = section.pages
    .filter((page) => depth(page) > 0)
    .sort((a, b) => depth(b) - depth(a))[0];
  return (
    <Tabs value={active?.to ?? false} {...TAB_STRIP} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {section.pages.map((page) => (
        <Tab key={page.to} value={page.to} label={translate(page.label)} component={Link} to={page.to} />
      ))}
    </Tabs>
  );
}
