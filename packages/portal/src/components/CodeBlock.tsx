/** A block of code or JSON to read and copy: a heading, a copy button, the text as written. */
import { useId, useRef, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { CopyButton } from './CopyButton';

export function CodeBlock({ title, code, testId, headingLevel = 'h3', actions }: { title: string; code: string; testId?: string; headingLevel?: 'h2' | 'h3' | 'h4'; actions?: ReactNode }) {
  const id = useId();
  const codeRef = useRef<HTMLElement>(null);
  return (
    <Box sx={{ mb: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component={headingLevel} id={id} sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {actions}
          <CopyButton text={code} fallback={codeRef} aria-describedby={id} />
        </Box>
      </Box>
      {/* Focusable, so a keyboard can scroll a long line (axe: scrollable-region-focusable). */}
      <Box
        component="pre"
        aria-labelledby={id}
        tabIndex={0}
        data-testid={testId}
        sx={{ m: 0, p: 2, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13, lineHeight: 1.5, maxHeight: 480 }}
      >
        <code ref={codeRef}>{code}</code>
      </Box>
    </Box>
  );
}
