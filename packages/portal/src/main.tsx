// First: it asks for the signed-out page the address names while the rest of the entry evaluates.
import { arrivedPage } from './routing/publicPages';
import { currentLocale } from './i18n/locale';
import { loadPublicMessages } from './i18n/public';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

declare global {
  interface Window {
    __PP_LEGACY__?: boolean;
  }
}

// index.html shows the "Browser not supported" page to old browsers; they never mount the app.
// A signed-out page loaded on its own, and its language's strings, are fetched first (index.html's spinner shows meanwhile).
if (!window.__PP_LEGACY__) {
  const mount = () =>
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // The shown language's signed-out strings (none to fetch for English) come beside the page's code;
  // should they fail to come, the page shows in English.
  void Promise.all([arrivedPage, loadPublicMessages(currentLocale()).catch(() => undefined)]).then(mount);
}
