/**
 * Where toasts appear: bottom right on a wide screen, clear of the forms' buttons (which sit in the
 * left column), and bottom centre on a phone, where the whole width is the page.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import { Notification } from 'react-admin';

export function Toasts() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return <Notification anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'bottom', horizontal: 'center' }} />;
}
