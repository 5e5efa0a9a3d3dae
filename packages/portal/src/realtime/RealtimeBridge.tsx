/**
 * The live channel (000 §4): laravel-echo over pusher-js, configured from the server's public
 * settings. A new notification plays a sound and refetches the lists; a balance update refetches
 * the profile. After a reconnection both are refetched, since events sent meanwhile were missed.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, resellerChannel } from '@partner-panel/sdk';
import { dataProvider } from '../providers';
import { publicSettings } from '../public/captcha';
import { useSessionUser } from '../routing/useSessionUser';
import { NOTIFICATION_QUERY } from './notifications';
import { playNotificationSound } from './sound';

export function RealtimeBridge() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let disconnect = () => undefined as void;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY });
      void dataProvider.refreshProfile().catch(() => undefined);
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
      });
      const echo = new Echo({ broadcaster: 'pusher', client: pusher } as never) as InstanceType<typeof Echo<'pusher'>>;
      let connections = 0;
      pusher.connection.bind('connected', () => {
        if (++connections > 1) refetch();
      });
      echo
        .private(resellerChannel(userId))
        .listen(`.${REALTIME_EVENTS.notification}`, () => {
          playNotificationSound();
          void queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY });
        })
        .listen(`.${REALTIME_EVENTS.balance}`, () => {
          void dataProvider.refreshProfile().catch(() => undefined);
        });
      disconnect = () => echo.disconnect();
      if (stopped) disconnect();
    })();

    return () => {
      stopped = true;
      disconnect();
    };
  }, [userId, queryClient]);

  return null;
}
