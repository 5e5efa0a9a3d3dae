/**
 * The API reference: Scalar's renderer over docs/openapi.json (no CDN, no fonts or scripts from
 * elsewhere, no telemetry, no AI agent), in the portal's light or dark mode. It only reads: the
 * Sandbox page is where calls are tried. Scalar's self-contained build and the document load only
 * when this mounts, as chunks that share no module with the portal (see vite.config.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Skeleton } from '@mui/material';

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

export function ApiReference({ dark, copy, loading, failed }: { dark: boolean; copy: string; loading: string; failed: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    let undo = () => undefined as void;
    let gone = false;
    void Promise.all([import('@scalar/api-reference/standalone'), import('../../../../../../docs/openapi.json')]).then(
      ([{ createApiReference }, { default: openapi }]) => {
        if (gone) return;
        const target = root.appendChild(document.createElement('div'));
        const reference = createApiReference(target, {
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
        });
        // Scalar's code-copy buttons hold an icon and no name (axe: button-name); they are named here.
        // Scalar renders a page of its own — a <main> and an <aside> — inside the portal's <main>: a
        // second main landmark. Here its main is a named region of the "API reference" section (it
        // carries a label, so it cannot be a plain container) and its aside a plain container.
        const fix = () => {
          root.querySelectorAll('button.scalar-code-copy:not([aria-label])').forEach((b) => b.setAttribute('aria-label', copy));
          root.querySelectorAll('main:not([role])').forEach((el) => el.setAttribute('role', 'region'));
          root.querySelectorAll('aside:not([role])').forEach((el) => el.setAttribute('role', 'none'));
        };
        const watcher = new MutationObserver(fix);
        watcher.observe(root, { childList: true, subtree: true });
        fix();
        setState('shown');
        undo = () => {
          watcher.disconnect();
          reference.destroy();
          target.remove();
        };
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      undo();
    };
  }, [dark, copy]);

  return (
    <>
      {state === 'loading' ? <Skeleton variant="rectangular" height={600} aria-label={loading} /> : null}
      {state === 'failed' ? <Alert severity="error">{failed}</Alert> : null}
      <div data-testid="api-reference" ref={holder} />
    </>
  );
}
