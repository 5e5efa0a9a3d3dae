/**
 * The user menu: Profile and Log out (000 §2). The button is on every screen; the menu's code (MUI's
 * Menu, its popover and focus trap) loads when the button is pointed at, focused or pressed, and
 * stays mounted after, so that closing animates as before.
 */
import { Suspense, useRef, useState } from 'react';
import { Avatar, IconButton } from '@mui/material';
import { LaterTooltip } from '../components/LaterTooltip';
import { useTranslate } from 'ra-core';
import { lazyPage } from '../routing/lazyPage';
import { loadAllMessages } from '../i18n/catalogues';
import { currentLocale } from '../i18n/locale';
import { useSessionUser } from '../routing/useSessionUser';

// The menu reads the team's words (its account switcher): they come with it.
const AccountMenu = lazyPage(() => Promise.all([import('./AccountMenu'), loadAllMessages(currentLocale())]).then(([menu]) => menu));

export function UserMenu() {
  const translate = useTranslate();
  const user = useSessionUser();
  const button = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  const name = user.member.name;
  const initials = name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase();
  // The dropdown is placed at the button's element as it is then: the button mounts anew when its
  // tooltip arrives after the first screen (LaterTooltip), so an element kept from the click may be gone.
  const anchor = expanded ? () => button.current as HTMLElement : null;
  return (
    <>
      <LaterTooltip title={name}>
        <IconButton
          ref={button}
          onPointerEnter={() => void AccountMenu.preload()}
          onFocus={() => void AccountMenu.preload()}
          onClick={() => {
            setExpanded(true);
            setOpened(true);
          }}
          aria-label={translate('pp.nav.account', { initials, name })}
          data-testid="user-menu"
          size="small"
        >
          <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }} translate="no">
            {initials}
          </Avatar>
        </IconButton>
      </LaterTooltip>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenu user={user} anchor={anchor} onClose={() => setExpanded(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
