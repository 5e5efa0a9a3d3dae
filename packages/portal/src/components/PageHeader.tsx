import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { usePageTitle } from './usePageTitle';

/** A page's heading, also the browser tab's title. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
