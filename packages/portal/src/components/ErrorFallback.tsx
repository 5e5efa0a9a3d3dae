/**
 * What a page shows when it fails to render — most often a code chunk that no longer exists after a
 * deploy — instead of a blank screen: what happened, and a reload, which fetches the new version.
 */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { useResetErrorBoundaryOnLocationChange, useTranslate } from 'ra-core';
import type { FallbackProps } from 'react-error-boundary';

export function ErrorFallback({ resetErrorBoundary }: FallbackProps) {
  const translate = useTranslate();
  // Another page from the menu is another chance.
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return (
    <Card data-testid="page-error" role="alert">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ReportIcon color="warning" sx={{ fontSize: 56 }} />
        {/* The page that failed took its own h1 with it: this is the page's heading now. */}
        <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
          {translate('pp.page_error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('pp.page_error.body')}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {translate('pp.page_error.reload')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
