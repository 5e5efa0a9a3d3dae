/**
 * A reseller's embedded redeem page: the origins allowed to frame it, its theme, and the URLs its
 * snippets use. The public page of a reseller is `/redeem?reseller={custom_url}`; reseller 903's
 * is `/redeem/brainrocket` (002 §2).
 */
import { eq, sql } from 'drizzle-orm';
import { REDEEM_LOADER_PATH, REDEEM_PAGES, RESTRICTED_RESELLER_ID, type RedeemEmbed, type SnippetLanguage, type RedeemTheme } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { redeemEmbeds } from '../../db/schema/index.js';
import { audit } from '../audit/index.js';
import { loadReseller } from '../profile/service.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'clock'>;

export interface EmbedSettings {
  allowed_origins: string[];
  accent: string | null;
  theme: RedeemTheme;
  language: SnippetLanguage;
}

const DEFAULTS: EmbedSettings = { allowed_origins: [], accent: null, theme: 'light', language: 'auto' };

/** The page a reseller's snippets point to. */
export function pageUrl(ctx: Pick<AppContext, 'config'>, reseller: { id: number; customUrl: string }) {
  return reseller.id === RESTRICTED_RESELLER_ID
    ? `${ctx.config.publicUrl}${REDEEM_PAGES.partner}`
    : `${ctx.config.publicUrl}${REDEEM_PAGES.public}?reseller=${encodeURIComponent(reseller.customUrl)}`;
}

async function settingsOf(tx: Tx, resellerId: number): Promise<EmbedSettings> {
  const [row] = await tx.select().from(redeemEmbeds).where(eq(redeemEmbeds.resellerId, resellerId));
  if (!row) return DEFAULTS;
  return { allowed_origins: row.allowedOrigins, accent: row.accent, theme: row.theme as RedeemTheme, language: row.language as SnippetLanguage };
}

async function present(ctx: Ctx, resellerId: number, settings: EmbedSettings): Promise<RedeemEmbed> {
  const reseller = await loadReseller(ctx, resellerId);
  return {
    ...settings,
    page_url: pageUrl(ctx, reseller),
    script_url: `${ctx.config.publicUrl}${REDEEM_LOADER_PATH}`,
    partner: reseller.id === RESTRICTED_RESELLER_ID,
  };
}

export async function getEmbed(ctx: Ctx, resellerId: number) {
  return present(ctx, resellerId, await settingsOf(ctx.db, resellerId));
}

export async function saveEmbed(ctx: Ctx, resellerId: number, input: EmbedSettings) {
  const values = { allowedOrigins: input.allowed_origins, accent: input.accent, theme: input.theme, language: input.language, updatedAt: ctx.clock.now() };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(redeemEmbeds).values({ resellerId, ...values }).onConflictDoUpdate({ target: redeemEmbeds.resellerId, set: values });
    await audit(tx, { actorId: resellerId, action: 'redeem.embed_updated', targetType: 'reseller', targetId: resellerId, data: { ...input } });
  });
  return present(ctx, resellerId, input);
}

/**
 * Who may frame a page that redeems coupons (docs/api.md, "Embed allowlist"): null, any origin (a
 * reseller that set no allowlist); else the origins besides our own — the reseller's list, or none
 * at all for a reseller that does not exist, so `/redeem?reseller=unknown` is no side door.
 * `reseller` is the `?reseller=` of the public page, or 903 for the partner page.
 */
export async function framingOrigins(ctx: Pick<AppContext, 'db'>, reseller: { customUrl: string } | { id: number }): Promise<string[] | null> {
  const match = 'id' in reseller ? sql`r.id = ${reseller.id}` : sql`r.custom_url = ${reseller.customUrl}`;
  const [row] = await rows<{ allowed_origins: string[] | null }>(
    ctx.db,
    sql`select e.allowed_origins from resellers r left join redeem_embeds e on e.reseller_id = r.id where ${match}`,
  );
  if (!row) return [];
  return row.allowed_origins && row.allowed_origins.length > 0 ? row.allowed_origins : null;
}

/** The reseller a `?reseller=` names, as the page reads it; '' when it names none. */
export const RESELLER_PARAM = /^[a-z0-9-]{1,100}$/;
export const resellerParam = (value: unknown) => {
  const param = typeof value === 'string' ? value.toLowerCase() : '';
  return RESELLER_PARAM.test(param) ? param : '';
};

/**
 * Whether a coupon of this reseller may be redeemed from the page naming `pageReseller`: always
 * when the coupon's reseller set no allowlist, or on its own page, or on a page no other site may
 * frame (one naming no reseller, or an unknown one). Otherwise a site allowed to frame another
 * reseller's page (or any site, when that reseller set no list) would redeem these coupons.
 */
export async function redeemableFrom(ctx: Pick<AppContext, 'db'>, couponReseller: number, pageReseller: string): Promise<boolean> {
  const [row] = await rows<{ custom_url: string; listed: boolean }>(
    ctx.db,
    sql`select r.custom_url, coalesce(jsonb_array_length(e.allowed_origins) > 0, false) as listed
        from resellers r left join redeem_embeds e on e.reseller_id = r.id where r.id = ${couponReseller}`,
  );
  if (!row?.listed || pageReseller === '' || row.custom_url === pageReseller) return true;
  const page = await framingOrigins(ctx, { customUrl: pageReseller });
  return page !== null && page.length === 0;
}
