/** The notification bell's dropdown (./NotificationBell opens it): the unread ones, mark all read, see all. */
import { Box, Button, Divider, List, ListItem, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { parseData, timeAgo, useNoticeText, type NotificationRow } from '../realtime/notifications';
import { usePaths } from '../routing/usePaths';

interface BellDropdownProps {
  /** The unread ones the dropdown shows. */
  rows: NotificationRow[];
  unread: number;
  /** The bell's element, read when the dropdown is placed (NotificationBell); null when closed. */
  anchor: (() => HTMLElement) | null;
  onClose: () => void;
  onOpen: (row: NotificationRow) => void;
  markRead: UseMutationResult<unknown, Error, string | undefined>;
}

export default function BellDropdown({ rows, unread, anchor, onClose, onOpen, markRead }: BellDropdownProps) {
  const translate = useTranslate();
  const links = usePaths();
  const words = useNoticeText();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
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
        {rows.map((row) => {
          const d = parseData(row);
          return (
            <ListItem key={row.uid} disablePadding>
              <ListItemButton onClick={() => onOpen(row)} sx={{ alignItems: 'flex-start' }} data-testid="bell-item">
                <ListItemText primary={words(d.message)} secondary={timeAgo(d.created_at)} slotProps={{ primary: { variant: 'body2' } }} />
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
      <Button component={Link} to={links.notifications} onClick={onClose} fullWidth sx={{ py: 1.25 }}>
        {translate('pp.bell.see_all')}
      </Button>
    </Popover>
  );
}
