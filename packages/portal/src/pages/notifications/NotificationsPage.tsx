/**
 * /{custom_url}/notifications (000 §4, 002 §2): an infinite-scroll list; unread items are
 * highlighted; clicking one marks it read and follows its redirect.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CircularProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATION_QUERY, parseData, redirectPath, timeAgo, useNoticeText, type NotificationRow } from '../../realtime/notifications';
import { useSessionUser } from '../../routing/useSessionUser';
import { PageHeader } from '../../components/PageHeader';
import { useFormat } from '../../components/format';
import { usePaths } from '../../routing/usePaths';

export default function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const format = useFormat();
  const words = useNoticeText();
  const links = usePaths();
  const user = useSessionUser();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const list = useInfiniteQuery({
    queryKey: [...NOTIFICATION_QUERY, 'pages'],
    queryFn: ({ pageParam }) => dataProvider.notifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const markRead = useMutation({
    mutationFn: (uid?: string) => dataProvider.markNotificationsRead(uid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // Load the next page when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!user) return null;
  const rows: NotificationRow[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = rows.some((r) => r.read_at === null);
  const open = (row: NotificationRow) => {
    if (row.read_at === null) markRead.mutate(row.uid);
    const to = redirectPath(links.base, parseData(row).redirect);
    if (to) navigate(to);
  };

  return (
    <>
      <PageHeader
        title={translate('pp.notifications.title')}
        actions={
          <Button variant="outlined" disabled={!unread || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {translate('pp.bell.mark_all')}
          </Button>
        }
      />
      {list.error ? <Alert severity="error">{list.error.message}</Alert> : null}
      <Card>
        <List disablePadding data-testid="notifications-list">
          {rows.map((row) => {
            const d = parseData(row);
            const isUnread = row.read_at === null;
            return (
              <ListItem key={row.uid} disablePadding>
              <ListItemButton
                divider
                onClick={() => open(row)}
                data-testid="notification"
                data-unread={isUnread}
                sx={{ bgcolor: isUnread ? 'action.selected' : 'transparent', alignItems: 'flex-start', gap: 1.5 }}
              >
                <Box
                  aria-hidden
                  sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', flexShrink: 0, bgcolor: isUnread ? 'primary.main' : 'transparent' }}
                />
                <ListItemText
                  primary={words(d.message)}
                  secondary={`${timeAgo(d.created_at)} · ${format.dateTime(d.created_at)}`}
                  slotProps={{ primary: { sx: { fontWeight: isUnread ? 700 : 400 } } }}
                />
              </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {!list.isPending && rows.length === 0 ? (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {translate('pp.table.empty')}
          </Typography>
        ) : null}
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: list.isPending || isFetchingNextPage ? 2 : 0 }}>
          {list.isPending || isFetchingNextPage ? <CircularProgress size={24} aria-label={translate('pp.app.loading')} /> : null}
        </Box>
      </Card>
    </>
  );
}
