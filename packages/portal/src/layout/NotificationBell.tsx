/**
 * The notification bell and its dropdown (000 §2, §4): the unread ones, mark all read, see all. The
 * button's name holds the count it shows; the dropdown is a list of links, not an ARIA menu, since it
 * also holds a heading and a button. Once opened the dropdown stays mounted, so that closing
 * animates as before.
 */
import { Suspense, useRef, useState } from 'react';
import { Badge, IconButton } from '@mui/material';
import { LaterTooltip } from '../components/LaterTooltip';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { BELL_QUERY, NOTIFICATION_QUERY, parseData, redirectPath, type NotificationRow } from '../realtime/notifications';
import { usePaths } from '../routing/usePaths';
import { lazyPage } from '../routing/lazyPage';
import { useSessionUser } from '../routing/useSessionUser';

const SHOWN = 8;

/** The dropdown's code (MUI's Popover, the list) loads when the bell is pointed at, focused or pressed. */
const BellDropdown = lazyPage(() => import('./BellDropdown'));

export function NotificationBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const links = usePaths();
  const user = useSessionUser();
  const button = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  const { data } = useQuery({
    queryKey: BELL_QUERY,
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
    setExpanded(false);
    markRead.mutate(row.uid);
    const to = redirectPath(links.base, parseData(row).redirect);
    if (to) navigate(to);
  };

  // The dropdown is placed at the button's element as it is then: the button mounts anew when its
  // tooltip arrives after the first screen (LaterTooltip), so an element kept from the click may be gone.
  const anchor = expanded ? () => button.current as HTMLElement : null;
  return (
    <>
      <LaterTooltip title={translate('pp.bell.title')}>
        <IconButton
          ref={button}
          color="inherit"
          onPointerEnter={() => void BellDropdown.preload()}
          onFocus={() => void BellDropdown.preload()}
          onClick={() => {
            setExpanded(true);
            setOpened(true);
          }}
          aria-label={unread ? translate('pp.bell.unread', { count: shown }) : translate('pp.bell.title')}
          aria-haspopup="dialog"
          aria-expanded={expanded}
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
      </LaterTooltip>
      {opened ? (
        <Suspense fallback={null}>
          <BellDropdown rows={(data?.data ?? []).slice(0, SHOWN)} unread={unread} anchor={anchor} onClose={() => setExpanded(false)} onOpen={open} markRead={markRead} />
        </Suspense>
      ) : null}
    </>
  );
}
