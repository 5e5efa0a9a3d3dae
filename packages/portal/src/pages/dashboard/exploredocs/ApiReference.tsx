/**
 * The API reference: Scalar's renderer over docs/openapi.json, bundled with this chunk (no CDN, no
 * fonts or scripts from elsewhere, no telemetry, no AI agent), in the portal's light or dark mode.
 * It only reads: the portal's Sandbox page is where calls are tried.
 */
import { useEffect, useRef } from 'react';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useTheme } from '@mui/material';
import { useTranslate } from 'ra-core';
import openapi from '../../../../../../docs/openapi.json';

/**
 * Scalar's greys and method colours read below 4.5:1 on its own backgrounds (axe: color-contrast);
 * these keep its look at WCAG AA, and the accent is the portal's primary.
 */
const READABLE = `
.light-mode {
  --scalar-color-2: #5c5c5c;
  --scalar-color-3: #626262;
  --scalar-color-accent: #1565c0;
  --scalar-color-green: #0b6e47;
  --scalar-color-blue: #0a5fa3;
  --scalar-color-orange: #a64500;
  --scalar-color-red: #b3140f;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-purple: #5203d1;
}
.dark-mode {
  --scalar-color-3: #8f8f8f;
}
`;

export default function ApiReference() {
  const dark = useTheme().palette.mode === 'dark';
  const translate = useTranslate();
  const holder = useRef<HTMLDivElement>(null);
  const copy = translate('pp.copy.copy');

  // Scalar's code-copy buttons hold an icon and no name (axe: button-name); they are named here.
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const name = () => root.querySelectorAll('button.scalar-code-copy:not([aria-label])').forEach((b) => b.setAttribute('aria-label', copy));
    name();
    const watcher = new MutationObserver(name);
    watcher.observe(root, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [copy]);

  return (
    <div data-testid="api-reference" ref={holder}>
      <ApiReferenceReact
        configuration={{
          content: openapi,
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
          hideClientButton: true,
          hideTestRequestButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: dark ? 'dark' : 'light',
          darkMode: dark,
          hideModels: true,
          documentDownloadType: 'json',
          servers: [{ url: window.location.origin, description: 'This Partner Panel' }],
          defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
          customCss: READABLE,
        }}
      />
    </div>
  );
}
