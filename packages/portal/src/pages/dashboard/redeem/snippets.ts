/**
 * The two ways a partner puts the redeem page on its site (002 §2 Redeem embed code): an iframe,
 * and the script embed, which mounts that iframe and keeps it as tall as its content.
 */
import { REDEEM_EMBED, type RedeemEmbed, type RedeemTheme, type SnippetLanguage } from '@partner-panel/sdk';

export interface Look {
  accent?: string | null | undefined;
  theme?: RedeemTheme | undefined;
  /** `auto`: none named, the page speaks the visitor's browser language. */
  language?: SnippetLanguage | undefined;
}

type Embed = Pick<RedeemEmbed, 'page_url' | 'script_url' | 'partner'>;

/** Only what the page would take: a malformed colour (mid-typing) is left out. */
function lookParams(look: Look): [string, string][] {
  const out: [string, string][] = [];
  if (look.accent && REDEEM_EMBED.accentPattern.test(look.accent)) out.push(['accent', look.accent.toLowerCase()]);
  if (look.theme && look.theme !== 'light') out.push(['theme', look.theme]);
  if (look.language && look.language !== 'auto') out.push(['lang', look.language]);
  return out;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page's address with the look in its query, as the iframe and the preview load it. */
export function pageUrl(embed: Embed, look: Look): string {
  const url = new URL(embed.page_url);
  for (const [key, value] of lookParams(look)) url.searchParams.set(key, value);
  return url.href;
}

export function iframeSnippet(embed: Embed, look: Look): string {
  return `<iframe src="${attr(pageUrl(embed, look))}" title="Redeem your coupon" style="width:100%;height:760px;border:0" loading="lazy"></iframe>`;
}

export function scriptSnippet(embed: Embed, look: Look): string {
  const reseller = new URL(embed.page_url).searchParams.get('reseller');
  const data: [string, string][] = [
    ...(embed.partner ? [['page', 'brainrocket'] as [string, string]] : reseller ? [['reseller', reseller] as [string, string]] : []),
    ...lookParams(look),
  ];
  const attrs = data.map(([key, value]) => ` data-${key}="${attr(value)}"`).join('');
  return `<script src="${attr(embed.script_url)}"${attrs} async></script>`;
}
