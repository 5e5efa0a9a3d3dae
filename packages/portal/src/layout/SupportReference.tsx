/**
 * Error toasts name the request for support: a toast that shows a refusal the server answered
 * moments ago gets a second line, "Reference for support: req_…" (the answer's Request-Id, which
 * the server logs with the request). One wrapper around react-admin's notifications does it for
 * every screen, whatever words the screen puts around the server's sentence. The toast stays a
 * string (react-admin lays out only strings in its snackbar), on two lines.
 */
import { useCallback, type ReactNode } from 'react';
import { AddNotificationContext, useAddNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { refusals } from '../providers';

export function SupportReference({ children }: { children?: ReactNode }) {
  const add = useAddNotificationContext();
  const translate = useTranslate();
  const withReference = useCallback(
    (notification: NotificationPayload) => {
      const { message, type } = notification;
      const requestId = type === 'error' && typeof message === 'string' ? refusals.requestIdFor(message) : null;
      if (!requestId || typeof message !== 'string') return add(notification);
      add({
        ...notification,
        message: `${message}\n${translate('pp.errors.support_reference', { id: requestId })}`,
        notificationOptions: { ...notification.notificationOptions, multiLine: true },
      });
    },
    [add, translate],
  );
  return <AddNotificationContext.Provider value={withReference}>{children}</AddNotificationContext.Provider>;
}
