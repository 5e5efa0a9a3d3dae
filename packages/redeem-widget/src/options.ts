/**
 * What the page is asked to be, from its URL: the partner variant (/redeem/brainrocket), a coupon
 * to fill in (?coupon=, as coupon e-mails link), and the theme an embed passes (?accent=, ?theme=,
 * ?lang=). Anything malformed is ignored. A page asked for no language speaks the visitor's.
 */
import { matchLocale, REDEEM_EMBED, REDEEM_PAGES, type RedeemLanguage, type RedeemTheme } from '@partner-panel/sdk/redeem';

export interface Look {
  accent?: string | undefined;
  theme?: RedeemTheme | undefined;
  lang?: RedeemLanguage | undefined;
}

export interface Options extends Look {
  partner: boolean;
  coupon: string;
  /** The host page's origin, as the loader tells it (browsers without location.ancestorOrigins). */
  origin: string | null;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => (list.includes(value as T) ? (value as T) : undefined);

/**
 * Keeps only the values a partner may set. A language is read as a tag, in any case and with or
 * without its region (pt-BR, pt-br, pt → pt-BR; de-AT → de); one we do not speak is dropped.
 */
export function lookOf(input: Record<string, unknown>): Look {
  const accent = typeof input.accent === 'string' && REDEEM_EMBED.accentPattern.test(input.accent) ? input.accent : undefined;
  const lang = typeof input.lang === 'string' ? (matchLocale([input.lang]) ?? undefined) : undefined;
  return { accent, theme: oneOf(REDEEM_EMBED.themes, input.theme), lang };
}

/** The snippet's or URL's language, else the first of the browser's we speak, else English. */
export const languageOf = (look: Look, browser: readonly string[]): RedeemLanguage => look.lang ?? matchLocale(browser) ?? 'en';

export function readOptions(location: Location): Options {
  const q = new URLSearchParams(location.search);
  return {
    ...lookOf(Object.fromEntries(q)),
    partner: location.pathname.replace(/\/$/, '') === REDEEM_PAGES.partner,
    coupon: (q.get('coupon') ?? '').trim().slice(0, 64),
    origin: q.get('origin'),
  };
}
