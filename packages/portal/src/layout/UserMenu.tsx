/**
 * The user menu: Profile and Log out (000 §2). The button is on every screen; the menu's code (MUI's
 * Menu, its popover and focus trap) loads when the button is pointed at, focused or pressed, and
 * stays mounted after, so that closing animates as before.
 */
import { Suspense, useState } from 'react';
import { Avatar, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazyPage } from '../routing/lazyPage';
import { useSessionUser } from '../routing/useSessionUser';

const AccountMenu = lazyPage(() => import('./AccountMenu'));

export function UserMenu() {
  const translate = useTranslate();
  const user = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  const initials = user.name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase();
  return (
    <>
      <Tooltip title={user.name}>
        <IconButton
          onPointerEnter={() => void AccountMenu.preload()}
          onFocus={() => void AccountMenu.preload()}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            setOpened(true);
          }}
          aria-label={translate('pp.nav.account', { initials, name: user.name })}
          data-testid="user-menu"
          size="small"
        >
          <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenu user={user} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
