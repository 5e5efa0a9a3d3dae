/** The user menu: Profile and Log out (000 §2). */
import { useState } from 'react';
import { Avatar, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { usePaths } from '../routing/usePaths';
import { useSessionUser } from '../routing/useSessionUser';

export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const user = useSessionUser();
  const links = usePaths();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const initials = user.name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase();
  return (
    <>
      <Tooltip title={user.name}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('pp.nav.account', { initials, name: user.name })} data-testid="user-menu" size="small">
          <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important' }}>
          <ListItemText primary={user.name} secondary={user.email} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </MenuItem>
        <Divider />
        <MenuItem component={Link} to={links.profile} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <Typography>{translate('pp.nav.profile')}</Typography>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <Typography>{translate('pp.nav.log_out')}</Typography>
        </MenuItem>
      </Menu>
    </>
  );
}
