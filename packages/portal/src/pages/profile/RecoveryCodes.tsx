/** Recovery codes as a list a person can read, copy or print; shown once. */
import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  return (
    <Box
      component="ol"
      aria-label={translate('pp.login.codes_label')}
      data-testid="recovery-codes"
      sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, pl: 3, m: 0, bgcolor: 'action.hover', borderRadius: 1, py: 1 }}
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </Box>
  );
}
