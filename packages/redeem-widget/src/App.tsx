/**
 * The redeem form (002 §2, §4): name, e-mail, password and confirmation with a show toggle, the
 * coupon, the dedicated-IP step when the coupon carries one, the terms, 'Activate Account'; then a
 * success dialog followed by a reload, or an error dialog with the message. The success dialog
 * (ours) says what next: the account is ready, where the login details went, and where the apps
 * are (REDEEM_APPS_URL).
 */
import { captchaToken, REDEEM_CALLS, REDEEM_MESSAGES } from '@partner-panel/sdk/redeem';
import { Component, createRef, type RefObject } from 'preact';
import { messageOf } from './answers';
import { loadSettings, post, type Settings } from './api';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { fill, type Strings } from './i18n';
import type { Host } from './frame';
import type { Options } from './options';
import { check, type Errors, type Field as Name, type Values } from './validate';

interface Location {
  id: number;
  name: string;
}

interface Body {
  username?: string;
  email?: string;
  addons?: Location[];
  errors?: Record<string, string[]>;
  retry_after?: number;
}

type Outcome = { done: true; username: string; email: string } | { done: false; message: string };

/** An address, a password and a code are written left to right, in an Arabic page too. */
const ltr = { dir: 'ltr' };

/** Opens the page again as it first was, without the coupon that is now spent. */
function reload() {
  const url = new URL(window.location.href);
  url.searchParams.delete('coupon');
  window.location.replace(url.href);
}

interface State {
  values: Values;
  errors: Errors;
  locations: Location[] | null;
  show: boolean;
  busy: boolean;
  outcome: Outcome | null;
  links: Settings['redeem'] | null;
}

// A class rather than hooks, and no class fields: the page must weigh a few kilobytes, and hooks
// (or the helpers that compile class fields) would add one.
export class App extends Component<{ options: Options; host: Host; t: Strings }, State> {
  declare form: RefObject<HTMLFormElement>;

  constructor(props: { options: Options; host: Host; t: Strings }) {
    super(props);
    this.form = createRef();
    this.state = {
      values: { name: '', email: '', password: '', password_confirmation: '', coupon: props.options.coupon, terms: false, addon_id: '' },
      errors: {},
      locations: null,
      show: false,
      busy: false,
      outcome: null,
      links: null,
    };
  }

  override componentDidMount() {
    loadSettings().then((s) => this.setState({ links: s.redeem }), () => undefined);
  }

  focus(name: string) {
    (this.form.current?.elements.namedItem(name) as HTMLElement | null)?.focus();
  }

  set(name: Name) {
    return (value: string | boolean) => this.setState((s) => ({ values: { ...s.values, [name]: value }, errors: { ...s.errors, [name]: undefined } }));
  }

  async submit(event: Event) {
    event.preventDefault();
    const { options, host, t } = this.props;
    const { values, locations } = this.state;
    const errors = check(values, t, locations !== null);
    this.setState({ errors });
    const first = Object.keys(errors)[0];
    if (first) return this.focus(first);
    this.setState({ busy: true });
    try {
      const token = await captchaToken((await loadSettings()).captcha, 'redeem');
      const { terms: _terms, ...fields } = values;
      const { header, body } = await post<Body | null>(options.partner ? REDEEM_CALLS.partner : REDEEM_CALLS.public, { ...fields, token });
      if (header.status === 'success' && body) {
        this.setState({ outcome: { done: true, username: body.username ?? '', email: body.email ?? values.email } });
        host.post(REDEEM_MESSAGES.redeemed);
      } else if (header.status === 'actionrequired' && body?.addons) {
        this.setState({ locations: body.addons }, () => this.focus('addon_id'));
      } else if (body?.errors) {
        const fieldErrors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v[0]])) as Errors;
        this.setState({ errors: fieldErrors }, () => this.focus(Object.keys(fieldErrors)[0] ?? 'name'));
      } else {
        this.setState({ outcome: { done: false, message: messageOf(t, header, body?.retry_after) } });
      }
    } catch {
      this.setState({ outcome: { done: false, message: t.network } });
    } finally {
      this.setState({ busy: false });
    }
  }

  render() {
    const { options, t } = this.props;
    const { values, errors, locations, show, busy, outcome, links } = this.state;
    const field = (name: Exclude<Name, 'terms'>, label: string, more: Partial<Parameters<typeof Field>[0]> = {}) => (
      <Field id={name} label={label} value={values[name]} error={errors[name]} onInput={this.set(name)} {...more} />
    );
    const link = (url: string | null | undefined, text: string) =>
      url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {text}
        </a>
      ) : (
        text
      );

    return (
      <div class="card">
        <header>
          {options.partner && (
            <p class="brand" aria-hidden="true">
              <span class="mark" />
              BrainRocket
            </p>
          )}
          <h1>{options.partner ? t.partnerTitle : t.title}</h1>
          <p class="intro">{t.intro}</p>
        </header>
        <form ref={this.form} onSubmit={(e) => this.submit(e)} noValidate>
          {field('name', t.name, { autoComplete: 'name' })}
          {field('email', t.email, { type: 'email', autoComplete: 'email', extra: { inputMode: 'email', spellcheck: false, dir: 'ltr' } })}
          {field('password', t.password, { type: show ? 'text' : 'password', autoComplete: 'new-password', hint: t.passwordHint, extra: ltr })}
          {field('password_confirmation', t.confirm, { type: show ? 'text' : 'password', autoComplete: 'new-password', extra: ltr })}
          <label class="check">
            <input type="checkbox" checked={show} onChange={(e) => this.setState({ show: (e.currentTarget as HTMLInputElement).checked })} />
            {t.show}
          </label>
          {field('coupon', t.coupon, { autoComplete: 'off', extra: { autoCapitalize: 'characters', spellcheck: false, dir: 'ltr' } })}
          {locations &&
            field('addon_id', t.location, {
              hint: t.locationHelp,
              children: [<option value="">{t.choose}</option>, ...locations.map((l) => <option value={String(l.id)}>{l.name}</option>)],
            })}
          <div class="field">
            <div class="check">
              <input
                type="checkbox"
                id="terms"
                name="terms"
                checked={values.terms}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? 'terms-error' : undefined}
                onChange={(e) => this.set('terms')((e.currentTarget as HTMLInputElement).checked)}
              />
              <label for="terms">
                {t.agree} {link(links?.privacy_url, t.privacy)} {t.and} {link(links?.terms_url, t.terms)}
              </label>
            </div>
            {errors.terms && (
              <p id="terms-error" class="error">
                {errors.terms}
              </p>
            )}
          </div>
          <button type="submit" class="primary" disabled={busy} aria-busy={busy}>
            {busy ? t.activating : t.activate}
          </button>
        </form>
        {outcome?.done && (
          <Dialog title={t.doneTitle} button={t.ok} tone="done" onClose={reload}>
            <p>{fill(t.done, { email: outcome.email })}</p>
            <p>
              {t.username} <strong>{outcome.username}</strong>
            </p>
            <p>{t.next}</p>
            <p>{links?.apps_url ? link(links.apps_url, t.apps) : t.appsAsk}</p>
          </Dialog>
        )}
        {outcome && !outcome.done && (
          <Dialog title={t.failTitle} button={t.ok} tone="fail" onClose={() => this.setState({ outcome: null })}>
            <p>{outcome.message}</p>
          </Dialog>
        )}
      </div>
    );
  }
}
