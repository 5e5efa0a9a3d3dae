/** The notification bell and its dropdown (000 §2, §4): the unread ones, mark all read, see all. */
import { useState } from 'react';
import { Badge, Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { Link, useNavigate } from 'react-router-dom';
import { NOTIFICATION_QUERY, parseData, redirectPath, timeAgo, type NotificationRow } from '../realtime/notifications';
import { usePaths } from '../routing/usePaths';
import { useSessionUser } from '../routing/useSessionUser';

const SHOWN = 8;

export function NotificationBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const links = usePaths();
  const user = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: [...NOTIFICATION_QUERY, 'unread'],
    queryFn: () => dataProvider.unreadNotifications(),
    enabled: Boolean(user),
  });
  const markRead = useMutation({
    mutationFn: (uid?: string) => dataProvider.markNotificationsRead(uid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!user) return null;
  const unread = data?.total ?? 0;
  const open = (row: NotificationRow) => {
    setAnchor(null);
    markRead.mutate(row.uid);
    const to = redirectPath(links.base, parseData(row).redirect);
    if (to) navigate(to);
  };

  return (
    <>
      <Tooltip title={translate('pp.bell.title')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('pp.bell.title')} data-testid="bell">
          <Badge badgeContent={unread} color="error" max={99} data-testid="bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 360, maxWidth: '92vw' } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{translate('pp.bell.title')}</Typography>
          <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {translate('pp.bell.mark_all')}
          </Button>
        </Box>
        <Divider />
        {(data?.data ?? []).slice(0, SHOWN).map((row) => {
          const d = parseData(row);
          return (
            <MenuItem key={row.uid} onClick={() => open(row)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }} data-testid="bell-item">
              <ListItemText primary={d.message} secondary={timeAgo(d.created_at)} slotProps={{ primary: { variant: 'body2' } }} />
            </MenuItem>
          );
        })}
        {unread === 0 ? (
          <MenuItem disabled>
            <Typography variant="body2">{translate('pp.bell.empty')}</Typography>
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem component={Link} to={links.notifications} onClick={() => setAnchor(null)}>
          <ListItemText primary={translate('pp.bell.see_all')} slotProps={{ primary: { color: 'primary', sx: { fontWeight: 600 } } }} />
        </MenuItem>
      </Menu>
    </>
  );
}
