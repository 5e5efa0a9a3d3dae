import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';

/** The banner of an inactive account (000 §2): it cannot buy until set Active again on the profile. */
export function DeactivatedBanner({ sx = { mb: 2 } }: { sx?: object }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={sx} data-testid="deactivated-banner">
      {translate('pp.shell.deactivated')}
    </Alert>
  );
}
