/**
 * The API reference: Scalar's renderer over docs/openapi.json, bundled with this chunk (no CDN, no
 * fonts or scripts from elsewhere, no telemetry, no AI agent), in the portal's light or dark mode.
 * It only reads: the portal's Sandbox page is where calls are tried.
 */
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useTheme } from '@mui/material';
import openapi from '../../../../../../docs/openapi.json';

export default function ApiReference() {
  const dark = useTheme().palette.mode === 'dark';
  return (
    <div data-testid="api-reference">
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
        }}
      />
    </div>
  );
}
