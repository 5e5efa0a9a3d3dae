import { Box, CircularProgress } from '@mui/material';

export function FullPageSpinner() {
  return (
    <Box role="progressbar" aria-busy="true" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}
