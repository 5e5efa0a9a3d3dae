// First: it asks for the signed-out page the address names while the rest of the entry evaluates.
import { arrivedPage } from './routing/publicPages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

declare global {
  interface Window {
    __PP_LEGACY__?: boolean;
  }
}

// index.html shows the "Browser not supported" page to old browsers; they never mount the app.
// A signed-out page loaded on its own is fetched first (index.html's spinner shows meanwhile).
if (!window.__PP_LEGACY__) {
  const mount = () =>
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  void arrivedPage.then(mount);
}
