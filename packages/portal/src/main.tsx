import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

declare global {
  interface Window {
    __PP_LEGACY__?: boolean;
  }
}

// index.html shows the "Browser not supported" page to old browsers; they never mount the app.
if (!window.__PP_LEGACY__) {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
