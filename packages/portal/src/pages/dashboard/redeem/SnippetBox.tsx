/** A snippet of code to paste into a site, with a copy button whose label reverts after 1.5 s. */
import { useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { CopyButton } from '../../../components/CopyButton';

export function SnippetBox({ id, label, help, code }: { id: string; label: string; help?: string; code: string }) {
  const codeRef = useRef<HTMLElement>(null);
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={`${id}-label`}>
          {label}
        </Typography>
        <CopyButton text={code} fallback={codeRef} label="pp.embed.copy" copiedLabel="pp.embed.copied" aria-describedby={`${id}-label`} />
      </Box>
      {help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {help}
        </Typography>
      ) : null}
      <Box
        component="pre"
        aria-labelledby={`${id}-label`}
        data-testid={`${id}-code`}
        tabIndex={0}
        sx={{ m: 0, p: 2, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}
      >
        <code ref={codeRef}>{code}</code>
      </Box>
    </Box>
  );
}
