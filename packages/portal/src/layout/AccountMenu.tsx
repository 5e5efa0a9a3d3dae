/**
 * The user menu's list (./UserMenu opens it): who is signed in and their role, Profile, the
 * account's pages of the sections declared for this menu (Team) that the role may open, the
 * language, the accounts the person may switch to, and Log out.
 */
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { usePaths } from '../routing/usePaths';
import { AccountSwitcher } from './AccountSwitcher';
import { LanguageMenu } from './LanguageMenu';
import { sectionsFor } from './navigation';

export default function AccountMenu({ user, anchor, onClose }: { user: StoredUser; anchor: (() => HTMLElement) | null; onClose: () => void }) {
  const translate = useTranslate();
  const logout = useLogout();
  const links = usePaths();
  const own = sectionsFor(user, links.base, 'userMenu');
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem disabled sx={{ opacity: '1 !important' }}>
        <ListItemText
          primary={user.member.name}
          secondary={`${user.member.email} · ${translate(`pp.roles.${user.member.role}`)}`}
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
      </MenuItem>
      <Divider />
      <MenuItem component={Link} to={links.profile} onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        <Typography>{translate('pp.nav.profile')}</Typography>
      </MenuItem>
      {own.map((section) => (
        <MenuItem key={section.key} component={Link} to={section.to} onClick={onClose} data-testid={`menu-${section.key}`}>
          <ListItemIcon>
            <section.icon fontSize="small" />
          </ListItemIcon>
          <Typography>{translate(section.label)}</Typography>
        </MenuItem>
      ))}
      <LanguageMenu onClose={onClose} />
      <AccountSwitcher onClose={onClose} />
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <Typography>{translate('pp.nav.log_out')}</Typography>
      </MenuItem>
    </Menu>
  );
}
