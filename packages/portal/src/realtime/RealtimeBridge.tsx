/**
 * The live channel (000 §4): laravel-echo over pusher-js, configured from the server's public
 * settings. A new notification plays a sound and refetches the lists; a balance update refetches
 * the profile. Either refetches the dashboard's counters, which the change behind it moved (a
 * purchase in another tab). After a reconnection all are refetched, since events sent meanwhile
 * were missed. The socket signs in as the session, so that ending the session closes it. The shell
 * mounts it after the first screen's reads (../layout/Background).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { REALTIME_EVENTS, resellerChannel } from '@partner-panel/sdk';
import { DASHBOARD_QUERY } from '../pages/dashboard/overview/query';
import { publicSettings } from '../public/captcha';
import { useSessionUser } from '../routing/useSessionUser';
import { NOTIFICATION_QUERY } from './notifications';
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
    const notifications = () => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY });
      // An admin hears of its users' changes (an invoice of theirs paid): their pages read anew.
      if (isAdmin) void queryClient.invalidateQueries({ queryKey: ['users'] });
      counters();
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
      let connections = 0;
      pusher.connection.bind('connected', () => {
        if (++connections > 1) {
          notifications();
          balance();
        }
      });
      echo
        .private(resellerChannel(userId))
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
