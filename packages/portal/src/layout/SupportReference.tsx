/**
 * Error toasts name the request for support: a toast that shows a refusal the server answered
 * moments ago gets a second line, "Reference for support: req_…" (the answer's Request-Id, which
 * the server logs with the request). One wrapper around react-admin's notifications does it for
 * every screen, whatever words the screen puts around the server's sentence.
 */
import { useCallback, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
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
        message: (
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
            <span>{message}</span>
            <Typography component="span" variant="caption" data-testid="support-reference" sx={{ opacity: 0.85, userSelect: 'all' }}>
              {translate('pp.errors.support_reference', { id: requestId })}
            </Typography>
          </Box>
        ),
        notificationOptions: { ...notification.notificationOptions, multiLine: true },
      });
    },
    [add, translate],
  );
  return <AddNotificationContext.Provider value={withReference}>{children}</AddNotificationContext.Provider>;
}
