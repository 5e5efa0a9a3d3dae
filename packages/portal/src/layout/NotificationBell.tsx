/** The notification bell and its dropdown (000 §2, §4). */
import { useState } from 'react';
import { Badge, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { paths } from '../routing/paths';
import { useSessionUser } from '../routing/useSessionUser';

export function NotificationBell() {
  const translate = useTranslate();
  const user = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const unread = 0;
  return (
    <>
      <Tooltip title={translate('pp.bell.title')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('pp.bell.title')} data-testid="bell">
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 340, maxWidth: '90vw' } } }}>
        <MenuItem disabled>
          <Typography variant="body2">{translate('pp.bell.empty')}</Typography>
        </MenuItem>
        <MenuItem component={Link} to={paths(user.custom_url).notifications} onClick={() => setAnchor(null)}>
          <ListItemText primary={translate('pp.bell.see_all')} slotProps={{ primary: { color: 'primary', sx: { fontWeight: 600 } } }} />
        </MenuItem>
      </Menu>
    </>
  );
}
