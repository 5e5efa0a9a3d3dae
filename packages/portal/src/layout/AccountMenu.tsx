/** The user menu's list (./UserMenu opens it): who is signed in, Profile and Log out. */
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { usePaths } from '../routing/usePaths';

export default function AccountMenu({ user, anchor, onClose }: { user: StoredUser; anchor: (() => HTMLElement) | null; onClose: () => void }) {
  const translate = useTranslate();
  const logout = useLogout();
  const links = usePaths();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem disabled sx={{ opacity: '1 !important' }}>
        <ListItemText primary={user.name} secondary={user.email} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
      </MenuItem>
      <Divider />
      <MenuItem component={Link} to={links.profile} onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        <Typography>{translate('pp.nav.profile')}</Typography>
      </MenuItem>
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
