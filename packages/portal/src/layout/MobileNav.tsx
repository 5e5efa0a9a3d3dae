/**
 * The mobile top navbar (000 §2): Control Panel, Coupons, Manage VPN, Integration, Profile, Logout —
 * Billing for a reseller who has billing (ours; not 903) —
 * and Users for admins, who could not reach their users otherwise. The sections come from their
 * definitions (`phone: true`).
 */
import { Box, Button } from '@mui/material';
import { useBasename, useLogout, useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { paths } from '../routing/paths';
import { sectionOf, sectionsFor } from './navigation';

export function MobileNav({ user }: { user: StoredUser }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const base = useBasename();
  const profile = paths(base).profile;
  const current = sectionOf(pathname);
  const items = [
    ...sectionsFor(user, base)
      .filter((s) => s.phone)
      .map((s) => ({ key: s.key, label: s.label, to: s.to, active: s.key === current })),
    { key: 'profile', label: 'pp.nav.profile', to: profile, active: pathname === profile },
  ];
  return (
    <Box
      component="nav"
      aria-label={translate('pp.nav.menu')}
      data-testid="mobile-nav"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      {items.map((item) => (
        <Button
          key={item.key}
          component={Link}
          to={item.to}
          size="small"
          color={item.active ? 'primary' : 'inherit'}
          variant={item.active ? 'contained' : 'text'}
          aria-current={item.active ? 'page' : undefined}
          sx={{ flexShrink: 0 }}
        >
          {translate(item.label)}
        </Button>
      ))}
      <Button size="small" color="inherit" onClick={() => void logout()} sx={{ flexShrink: 0 }}>
        {translate('pp.nav.logout')}
      </Button>
    </Box>
  );
}
