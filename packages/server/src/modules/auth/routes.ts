/** HTTP mapping of the account and session calls (000 §7). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import * as accounts from './service.js';
import { requestLocale } from '../../locales.js';

export const RESET_COOKIE = 'pp_reset';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  const perIp = (max: number) => ({ max, timeWindow: limits.windowMs });

  serve(app, contract.csrf, async ({ reply }) => ({ csrf_token: ctx.csrf.issue(reply) }));

  serve(
    app,
    contract.login,
    async ({ body, request }) => answer(await accounts.login(ctx, body, meta(request)), successes.loggedIn),
    { rateLimit: perIp(limits.loginPerIp) },
  );

  serve(app, contract.logout, async ({ reseller }) => {
    await accounts.logout(ctx, reseller);
    return answer(null, successes.loggedOut);
  });

  serve(
    app,
    contract.register,
    async ({ body, request }) => {
      const reseller = await accounts.register(ctx, body, { ...meta(request), locale: requestLocale(request.headers['accept-language']) });
      return answer(
        { email: reseller.email },
        successes.registered,
      );
    },
    { rateLimit: perIp(limits.signupPerIp) },
  );

  serve(
    app,
    contract.verifyEmail,
    async ({ body }) => {
      const result = await accounts.verifyEmail(ctx, body.hash);
      return answer(
        { email: result.email, verified: true as const },
        result.firstTime ? successes.emailVerified : successes.emailAlreadyVerified,
      );
    },
    { rateLimit: perIp(limits.forgotPerIp) },
  );

  serve(
    app,
    contract.resendVerification,
    async ({ body }) => {
      await accounts.resendVerification(ctx, body.email);
      return answer(null, successes.verificationResent);
    },
    { rateLimit: perIp(limits.forgotPerIp) },
  );

  serve(
    app,
    contract.forgotPassword,
    async ({ body }) => {
      await accounts.forgotPassword(ctx, body.email);
      return answer(null, successes.resetLinkSent);
    },
    { rateLimit: perIp(limits.forgotPerIp) },
  );

  serve(
    app,
    contract.verifyResetHash,
    async ({ body, reply }) => {
      const result = await accounts.openReset(ctx, body.hash);
      reply.setCookie(RESET_COOKIE, body.hash, {
        path: '/api/password',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.publicUrl.startsWith('https://'),
        maxAge: accounts.RESET_TTL_MINUTES * 60,
      });
      return answer(result, successes.resetOpened);
    },
    { rateLimit: perIp(limits.forgotPerIp) },
  );

  serve(
    app,
    contract.updatePassword,
    async ({ body, request, reply }) => {
      await accounts.completeReset(ctx, request.cookies[RESET_COOKIE], body.client_id, body.password, meta(request));
      reply.clearCookie(RESET_COOKIE, { path: '/api/password' });
      return answer(null, successes.passwordReset);
    },
    { rateLimit: perIp(limits.forgotPerIp) },
  );

  serve(app, contract.changePassword, async ({ body, reseller, request }) => {
    await accounts.changePassword(ctx, reseller, body, meta(request));
    return answer(null, successes.passwordChanged);
  });
}
