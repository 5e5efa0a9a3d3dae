/**
 * Whether the page is being left. Leaving (a reload, a link to another page) aborts the requests in
 * flight, and the browser reports them as network failures; those must not sign the user out,
 * which a real network failure does (000 §4).
 */
let leaving = false;

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back-forward cache: the page lives again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const isLeavingPage = () => leaving;
