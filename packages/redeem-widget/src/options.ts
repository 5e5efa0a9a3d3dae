/**
 * What the page is asked to be, from its URL: the partner variant (/redeem/brainrocket), a coupon
 * to fill in (?coupon=, as coupon e-mails link), and the theme an embed passes (?accent=, ?theme=,
 * ?lang=). Anything malformed is ignored.
 */
import { REDEEM_EMBED, REDEEM_PAGES, type RedeemLanguage, type RedeemTheme } from '@partner-panel/sdk/redeem';

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

/** Keeps only the values a partner may set. */
export function lookOf(input: Record<string, unknown>): Look {
  const accent = typeof input.accent === 'string' && REDEEM_EMBED.accentPattern.test(input.accent) ? input.accent : undefined;
  return { accent, theme: oneOf(REDEEM_EMBED.themes, input.theme), lang: oneOf(REDEEM_EMBED.languages, input.lang) };
}

export function readOptions(location: Location): Options {
  const q = new URLSearchParams(location.search);
  return {
    ...lookOf(Object.fromEntries(q)),
    partner: location.pathname.replace(/\/$/, '') === REDEEM_PAGES.partner,
    coupon: (q.get('coupon') ?? '').trim().slice(0, 64),
    origin: q.get('origin'),
  };
}
