/** What setting up a second factor shows: the new secret's QR code and key, then the recovery codes. */
import { useRef } from 'react';
import { Box, Button, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'ra-core';
import { CopyButton } from '../../components/CopyButton';
import { download } from '../../components/download';

/** The codes, shown once: to copy or save as a file before the dialog closes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  const list = useRef<HTMLOListElement>(null);
  const text = `${codes.join('\n')}\n`;
  return (
    <>
      <Box
        component="ol"
        ref={list}
        aria-label={translate('pp.login.codes_label')}
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, pl: 3, m: 0, bgcolor: 'action.hover', borderRadius: 1, py: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <CopyButton text={text} fallback={list} label="pp.login.codes_copy" copiedLabel="pp.login.codes_copied" />
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('partner-panel-recovery-codes.txt', text)}>
          {translate('pp.login.codes_download')}
        </Button>
      </Box>
    </>
  );
}

/** The QR code the server drew of a new secret, and the key for typing it in by hand. */
export function SecretQr({ setup }: { setup: { secret: string; qr_code: string } }) {
  const translate = useTranslate();
  return (
    <>
      <Box component="img" src={setup.qr_code} alt={translate('pp.login.qr_alt')} sx={{ display: 'block', width: 200, height: 200, my: 2, mx: 'auto' }} />
      <Typography variant="body2" color="text.secondary">
        {translate('pp.login.secret')}
      </Typography>
      <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 2 }}>
        {setup.secret}
      </Typography>
    </>
  );
}
