import { Box, CircularProgress } from '@mui/material';
import { publicI18nProvider } from '../i18n/public';

/** What shows while a page's code loads (outside any translation context, so it asks the provider itself). */
export function FullPageSpinner() {
  return (
    <Box aria-busy="true" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={publicI18nProvider.translate('pp.app.loading')} />
    </Box>
  );
}
