/** A snippet of code to paste into a site, with a copy button whose label reverts after 1.5 s. */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'ra-core';
import { TIMINGS_MS } from '@partner-panel/sdk';

async function copy(text: string, fallback: HTMLElement | null) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (a plain-http address): select the text and copy it the old way.
    if (!fallback) throw new Error('nothing to copy');
    window.getSelection()?.selectAllChildren(fallback);
    document.execCommand('copy');
  }
}

export function SnippetBox({ id, label, help, code }: { id: string; label: string; help?: string; code: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS_MS.copyLabelRevert);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={`${id}-label`}>
          {label}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          aria-describedby={`${id}-label`}
          onClick={() => void copy(code, codeRef.current).then(() => setCopied(true), () => undefined)}
        >
          {translate(copied ? 'pp.embed.copied' : 'pp.embed.copy')}
        </Button>
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
