/** The redeem page: reads what it is asked to be, joins its host page when framed, and renders. */
import { render } from 'preact';
import { RTL_LOCALES, SESSION_USER_KEY } from '@partner-panel/sdk/redeem';
import { App } from './App';
import { connectHost } from './frame';
import { stringsFor } from './i18n';
import { languageOf, lookOf, readOptions, type Look } from './options';
import { applyLook } from './theme';
import './styles.css';

function signedIn() {
  try {
    return window.localStorage.getItem(SESSION_USER_KEY) !== null;
  } catch {
    return false;
  }
}

// A signed-in reseller who opens the page itself goes to the dashboard (000 §2); framed — a
// partner's embed, or the portal's own preview — the page always shows.
if (window.top === window && signedIn()) {
  window.location.replace('/dashboard');
} else {
  const options = readOptions(window.location);
  const root = document.getElementById('app') as HTMLElement;
  let look: Look = options;

  const show = async () => {
    applyLook(look, options.partner);
    const lang = languageOf(look, navigator.languages);
    const t = await stringsFor(lang);
    // Set with the words, so the document never claims a language or direction it is not showing.
    document.documentElement.lang = lang;
    document.documentElement.dir = RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr';
    document.title = options.partner ? t.partnerTitle : t.title;
    render(<App options={options} host={host} t={t} />, root);
  };
  const host = connectHost(options.origin, (data) => {
    // A message changes what it names: `{ theme: 'dark' }` keeps the snippet's language and accent.
    const next = lookOf(data);
    look = { accent: next.accent ?? look.accent, theme: next.theme ?? look.theme, lang: next.lang ?? look.lang };
    void show();
  });
  void show();
}
