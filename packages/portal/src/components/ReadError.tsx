/**
 * A failed read's message, in MUI's error Alert. A screen shows it only when a read fails, so its
 * code loads then and not with the screen (the dashboard's first screen has none of it).
 */
import { lazy, Suspense } from 'react';
import type { SxProps, Theme } from '@mui/material';

const Alert = lazy(() => import('@mui/material/Alert'));

export function ReadError({ error, sx }: { error: Error; sx?: SxProps<Theme> }) {
  return (
    <Suspense fallback={null}>
      <Alert severity="error" {...(sx ? { sx } : {})}>
        {error.message}
      </Alert>
    </Suspense>
  );
}
