/**
 * The notification bell and its dropdown (000 §2, §4): the unread ones, mark all read, see all. The
 * button's name holds the count it shows; the dropdown is a list of links, not an ARIA menu, since it
 * also holds a heading and a button.
 */
import { useState } from 'react';
import { Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { Link, useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
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
  const shown = unread > 99 ? '99+' : String(unread);
  const open = (row: NotificationRow) => {
    setAnchor(null);
    markRead.mutate(row.uid);
    const to = redirectPath(links.base, parseData(row).redirect);
    if (to) navigate(to);
  };

  return (
    <>
      <Tooltip title={translate('pp.bell.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={unread ? translate('pp.bell.unread', { count: shown }) : translate('pp.bell.title')}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          data-testid="bell"
        >
          {/* No badge at 0: a hidden "0" would still be text of the button that its name does not hold. */}
          {unread ? (
            <Badge badgeContent={unread} color="error" max={99} data-testid="bell-count">
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '92vw' }, role: 'dialog', 'aria-labelledby': 'bell-title' } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography id="bell-title" component="h2" sx={{ fontWeight: 700 }}>
            {translate('pp.bell.title')}
          </Typography>
          <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {translate('pp.bell.mark_all')}
          </Button>
        </Box>
        <Divider />
        <List dense disablePadding>
          {(data?.data ?? []).slice(0, SHOWN).map((row) => {
            const d = parseData(row);
            return (
              <ListItem key={row.uid} disablePadding>
                <ListItemButton onClick={() => open(row)} sx={{ alignItems: 'flex-start' }} data-testid="bell-item">
                  <ListItemText primary={d.message} secondary={timeAgo(d.created_at)} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {unread === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {translate('pp.bell.empty')}
          </Typography>
        ) : null}
        <Divider />
        <Button component={Link} to={links.notifications} onClick={() => setAnchor(null)} fullWidth sx={{ py: 1.25 }}>
          {translate('pp.bell.see_all')}
        </Button>
      </Popover>
    </>
  );
}
