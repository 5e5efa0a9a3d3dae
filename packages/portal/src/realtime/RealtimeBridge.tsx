/**
 * The live channel (000 §4): laravel-echo over pusher-js, configured from the server's public
 * settings. A new notification plays a sound and refetches the lists; a balance update refetches
 * the profile. Either refetches the dashboard's counters, which the change behind it moved (a
 * purchase in another tab). After a reconnection, once the channel is subscribed again, the bell
 * reads only what it missed since the newest notification it holds (./catchUp) and the rest is
 * refetched, since events sent meanwhile reached no socket. The socket signs in as the session, so
 * that ending the session closes it. The shell mounts it after the first screen's reads
 * (../layout/Background).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { REALTIME_EVENTS, resellerChannel } from '@partner-panel/sdk';
import { DASHBOARD_QUERY } from '../pages/dashboard/overview/query';
import { publicSettings } from '../public/captcha';
import { useSessionUser } from '../routing/useSessionUser';
import { catchUp } from './catchUp';
import { BELL_QUERY, NOTIFICATION_QUERY } from './notifications';
import { playNotificationSound } from './sound';

export function RealtimeBridge() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const userId = user?.id;
  const isAdmin = user?.is_admin === true;

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let disconnect = () => undefined as void;
    const counters = () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY });
    const balance = () => {
      void dataProvider.refreshProfile().catch(() => undefined);
      counters();
    };
    /** What a notification changes besides the bell: the notifications page, an admin's users, the counters. */
    const lists = () => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY, predicate: (query) => query.queryKey[1] !== BELL_QUERY[1] });
      // An admin hears of its users' changes (an invoice of theirs paid): their pages read anew.
      if (isAdmin) void queryClient.invalidateQueries({ queryKey: ['users'] });
      counters();
    };
    const notifications = () => {
      void queryClient.invalidateQueries({ queryKey: BELL_QUERY });
      lists();
    };

    void (async () => {
      const [{ realtime }, { default: Pusher }, { default: Echo }] = await Promise.all([
        publicSettings(),
        import('pusher-js'),
        import('laravel-echo'),
      ]);
      if (stopped || !realtime) return;
      const pusher = new Pusher(realtime.key, {
        cluster: 'local',
        wsHost: realtime.host || window.location.hostname,
        wsPort: realtime.port,
        wssPort: realtime.port,
        forceTLS: realtime.tls,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        channelAuthorization: {
          customHandler: ({ socketId, channelName }, callback) => {
            dataProvider.authorizeChannel(socketId, channelName).then(
              (data) => callback(null, data),
              (error: Error) => callback(error, null),
            );
          },
        },
        // The socket signs in as this session: when the session ends (signed out from another
        // device, a password or second-factor change) the server closes it (4009).
        userAuthentication: {
          endpoint: '',
          transport: 'ajax',
          customHandler: ({ socketId }, callback) => {
            dataProvider.authenticateSocket(socketId).then(
              (data) => callback(null, data),
              (error: Error) => callback(error, null),
            );
          },
        },
      });
      pusher.signin();
      const echo = new Echo({ broadcaster: 'pusher', client: pusher } as never) as InstanceType<typeof Echo<'pusher'>>;
      // A reconnection (not the first connection) is caught up on once the channel is subscribed
      // again: from then on events arrive live, so the read that follows misses none in between.
      let connections = 0;
      let reconnected = false;
      pusher.connection.bind('connected', () => {
        if (++connections > 1) reconnected = true;
      });
      echo
        .private(resellerChannel(userId))
        .subscribed(() => {
          if (!reconnected) return;
          reconnected = false;
          void catchUp(queryClient, dataProvider);
          lists();
          balance();
        })
        .listen(`.${REALTIME_EVENTS.notification}`, () => {
          playNotificationSound();
          notifications();
        })
        .listen(`.${REALTIME_EVENTS.balance}`, balance);
      disconnect = () => echo.disconnect();
      if (stopped) disconnect();
    })();

    return () => {
      stopped = true;
      disconnect();
    };
  }, [userId, isAdmin, queryClient, dataProvider]);

  return null;
}
