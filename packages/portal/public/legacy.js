/* global window, location, document, HTMLScriptElement */
// An old browser (no ES modules, fetch or Promise) gets the "not supported" page at /, and every
// other path sends it there (000 §2). Modern browsers skip this entirely. A file of its own, not
// an inline script, so a strict Content-Security-Policy holds.
(function () {
  var legacy = !('noModule' in HTMLScriptElement.prototype) || !window.fetch || !window.Promise;
  if (!legacy) return;
  window.__PP_LEGACY__ = true;
  if (location.pathname !== '/') {
    location.replace('/');
    return;
  }
  document.addEventListener('DOMContentLoaded', function () {
    var page = document.getElementById('legacy');
    page.style.display = 'block';
    // The page's one landmark only when shown: a hidden <main> would be a second one beside the app's.
    page.setAttribute('role', 'main');
    // The app never runs here: its loading indicator goes.
    document.getElementById('root').innerHTML = '';
  });
})();
