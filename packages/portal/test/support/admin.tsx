/**
 * Screens rendered alone inside react-admin's AdminContext, with the portal's providers talking to
 * the real server (app.inject through the SDK's client, on PostgreSQL), no mocks. The stored
 * session is the page's local storage, as in the browser.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createProviders } from '@partner-panel/data-provider';
import { injectFetch, testApp } from '../../../server/test/support/app.js';
import { i18nProvider, loadAllMessages } from '../../src/i18n';

// The provider wants the shown language's whole catalogue at hand, as a screen of the app has it (sections.tsx).
await loadAllMessages('en');
import { lightTheme } from '../../src/theme';

export const t = await testApp();

export async function signedIn(email: string, password = 'DemoPass2026!') {
  window.localStorage.clear();
  const providers = createProviders({ fetch: injectFetch(t.app), storage: window.localStorage });
  await providers.authProvider.login({ email, password });
  return providers;
}

/** Renders a screen at a path under the user's prefix, as the portal mounts it. */
export function renderAt(providers: Awaited<ReturnType<typeof signedIn>>, path: string, ui: ReactNode) {
  const prefix = `/${providers.session.user()?.custom_url}`;
  return render(
    <MemoryRouter initialEntries={[`${prefix}/${path}`]}>
      <Routes>
        <Route
          path="/:cu/*"
          element={
            <AdminContext dataProvider={providers.dataProvider} authProvider={providers.authProvider} i18nProvider={i18nProvider()} theme={lightTheme} basename={prefix}>
              {ui}
            </AdminContext>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
