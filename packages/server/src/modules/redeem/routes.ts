/** The public redeem calls (002 §7), the embed settings, and the page itself. */
import type { FastifyInstance } from 'fastify';
import { REDEEM_RESELLER_HEADER, contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { getEmbed, resellerParam, saveEmbed } from './embeds.js';
import { redeemCoupon, type RedeemPage } from './service.js';
import { answerInVisitorsLanguage, defaultWordsDir, loadRedeemWords } from './words.js';
import { localeOr, requestLocale } from '../../locales.js';

export function redeemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  // The page's own translations, read once (words.ts).
  const inVisitorsLanguage = answerInVisitorsLanguage(loadRedeemWords(ctx.config.redeem.wordsDir ?? defaultWordsDir, ctx.log));

  for (const [call, page] of [[contract.redeem, 'public'], [contract.redeemPartner, 'partner']] as const) {
    serve(
      app,
      call,
      async ({ body, ip, request }) => {
        const header = request.headers[REDEEM_RESELLER_HEADER.toLowerCase()];
        const pageReseller = header === undefined ? null : resellerParam(header);
        // The account's mail is written in the visitor's language too.
        const locale = localeOr(requestLocale(request.headers['accept-language']));
        const account = await redeemCoupon(ctx, page as RedeemPage, body, ip, pageReseller, locale);
        return answer(account, successes.redeemed(account.email));
      },
      { embeddable: true, rateLimit: { max: limits.redeemPerIp, timeWindow: limits.windowMs }, onSend: [inVisitorsLanguage] },
    );
  }

  serve(app, contract.getRedeemEmbed, async ({ reseller }) => getEmbed(ctx, reseller.id));

  serve(app, contract.updateRedeemEmbed, async ({ body, reseller }) =>
    answer(await saveEmbed(ctx, reseller.id, body), successes.redeemEmbedSaved),
  );
}
