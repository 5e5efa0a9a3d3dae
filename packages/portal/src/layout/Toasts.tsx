/**
 * Where toasts appear: bottom right on a wide screen, clear of the forms' buttons (which sit in the
 * left column), and top centre on a phone, over the sticky app bar: there the whole width is the
 * page, so a toast at the foot covered whatever button sat there (Generate, just pressed), while no
 * page's button can scroll under the app bar. react-admin's
 * Notification (MUI's Snackbar and its transitions) loads with the first toast, not with the
 * first screen, and stays mounted after.
 */
import { Suspense, useEffect, useState } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useNotificationContext, useNotify } from 'ra-core';
import { flash } from '../routing/flash';
import { lazyPage } from '../routing/lazyPage';

const Notification = lazyPage(() => import('./notification'));

export function Toasts() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const { notifications } = useNotificationContext();
  const [shown, setShown] = useState(false);
  const notify = useNotify();
  // A message left for the app as it opens (an invitation accepted, an account switched to).
  useEffect(() => {
    const left = flash.peek();
    if (!left) return;
    flash.clear();
    notify(left.message, { type: left.severity });
  }, [notify]);
  if (notifications.length > 0 && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notification anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' }} />
    </Suspense>
  );
}
