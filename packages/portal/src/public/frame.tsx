/**
 * The signed-out pages' frame and controls in plain React (./frame.css): the centred card, a
 * labelled field with its hint or error, buttons, the e-mail chip, an alert. /login renders with
 * these before anything of MUI or react-admin has loaded (docs/performance.md).
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, useSyncExternalStore, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LOCALES, LOCALE_NAMES, type Locale } from '@partner-panel/sdk/redeem';
import { publicI18nProvider, switchPublicLocale } from '../i18n/public';
import { currentLocale, subscribeLocale } from '../i18n/locale';
import './frame.css';

/** The public pages' strings (they render outside react-admin's translation context). */
export const t = (key: string, options?: Record<string, unknown>) => publicI18nProvider.translate(key, options);

export function PublicFrame({ children }: { children: ReactNode }) {
  // A new language shows the page anew in it (its words are read as it renders).
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  return (
    <main className="pp-public" key={locale}>
      <div className="pp-public-column">
        <div className="pp-brand">
          <img src="/favicon.svg" alt="" />
          <div>{t('pp.app.name')}</div>
        </div>
        <div className="pp-card">{children}</div>
        <LanguageSelect locale={locale} />
      </div>
    </main>
  );
}

/**
 * The signed-out pages' language (issue 36): each language in its own words. The choice is kept on
 * this browser, and becomes the person's own once they sign in without one.
 */
let refocus = false;

function LanguageSelect({ locale }: { locale: Locale }) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // The page shows anew in the new language: the list keeps the focus it had.
  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    select.current?.focus();
  }, []);
  return (
    <div className="pp-language">
      <label htmlFor={id}>{t('pp.language.label')}</label>
      <select
        ref={select}
        id={id}
        value={locale}
        onChange={(event) => {
          refocus = true;
          void switchPublicLocale(event.target.value as Locale);
        }}
        data-testid="public-language"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Title({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="pp-title">
      <h1>{title}</h1>
      {subtitle ? <p className="pp-subtitle">{subtitle}</p> : null}
    </div>
  );
}

export function Notice({ severity, role, children }: { severity: 'error' | 'success' | 'info'; role: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className={`pp-alert pp-alert-${severity}`} role={role}>
      <p>{children}</p>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Shown under the field until there is an error to show. */
  hint?: string;
  password?: boolean;
};

const EYE = 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF = 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

/** A labelled input; a password one has the show/hide toggle the signed-in forms have. */
export function Field({ name, label, value, onChange, error, hint, password = false, type, ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const help = error ?? hint;
  return (
    <div className={`pp-field${error ? ' pp-invalid' : ''}${password ? ' pp-has-toggle' : ''}`}>
      <input
        {...input}
        id={id}
        name={name}
        type={password ? (shown ? 'text' : 'password') : type}
        value={value}
        placeholder=" "
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {password ? (
        <button type="button" className="pp-toggle" aria-label={t(shown ? 'pp.login.hide_password' : 'pp.login.show_password')} onClick={() => setShown((s) => !s)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={shown ? EYE_OFF : EYE} />
          </svg>
        </button>
      ) : null}
      <p id={`${id}-help`} className={`pp-help${error ? ' error' : ''}`}>
        {help ?? ' '}
      </p>
    </div>
  );
}

type Variant = 'contained' | 'outlined' | 'text';
const buttonClass = (variant: Variant) => `pp-button${variant === 'outlined' ? ' pp-outlined' : variant === 'text' ? ' pp-text' : ''}`;

export function Button({ outlined = false, variant = outlined ? 'outlined' : 'contained', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { outlined?: boolean; variant?: Variant }) {
  return <button type="button" {...props} className={buttonClass(variant)} />;
}

/** A link that looks like a button (“Go to sign in”). */
export function ButtonLink({ to, variant = 'contained', state, children }: { to: string; variant?: Variant; state?: unknown; children: ReactNode }) {
  return (
    <Link to={to} state={state} className={buttonClass(variant)}>
      {children}
    </Link>
  );
}

/** A line that says something is under way, beside a small spinner. */
export function Busy({ children }: { children: ReactNode }) {
  return (
    <div className="pp-busy">
      <span className="pp-spinner" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

type Toast = { message: string; severity: 'success' | 'error' | 'info' };
const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/** Shows a toast on a public page (the register, verify and forgot flows toast, 000 §8). */
export const useToast = () => useContext(ToastContext);

/**
 * The public pages' toasts: one at a time, at the bottom, outside the main landmark, gone after
 * 6 s; announced as an alert, as MUI's toasts of the signed-in pages are.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((next: Toast) => setToast(next), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast ? (
        <div className={`pp-toast pp-toast-${toast.severity}`} role="alert" data-testid="toast">
          <p>{toast.message}</p>
          <button type="button" aria-label={t('pp.app.close')} onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      ) : null}
    </ToastContext.Provider>
  );
}

/** The e-mail being signed in with; clicking it returns to the first step. */
export function EmailChip({ email, onClick, ...rest }: { email: string; onClick: () => void; 'data-testid'?: string }) {
  const name = t('pp.login.change_email', { email });
  return (
    <button type="button" className="pp-chip" onClick={onClick} title={name} aria-label={name} {...rest}>
      <span>{email}</span>
    </button>
  );
}

export function Links({ links }: { links: { to: string; label: string }[] }) {
  return (
    <div className="pp-links">
      {links.map((l) => (
        <Link key={l.to} to={l.to}>
          {l.label}
        </Link>
      ))}
    </div>
  );
}
