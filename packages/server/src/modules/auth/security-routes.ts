/**
 * HTTP mapping of the account's security: two-factor sign-in (the profile's calls, sign-in's third
 * step, the admin's rule), the signed-in sessions and the security events.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { openFirstSession } from './service.js';
import * as passkeys from './passkeys.js';
import * as signedIn from './signed-in.js';
import * as twoFactor from './two-factor.js';
import { localeOr } from '../../locales.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const caller = (request: FastifyRequest) => ({ ip: request.ip, origin: request.headers.origin });

export function securityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  const perIp = { rateLimit: { max: limits.loginPerIp, timeWindow: limits.windowMs } };
  // Answers holding a secret or recovery codes are kept for an Idempotency-Key only sealed.
  const secret = { secretAnswer: true };

  serve(app, contract.getTwoFactor, async ({ reseller }) => twoFactor.twoFactorState(ctx, reseller));

  serve(
    app,
    contract.setupTwoFactor,
    async ({ reseller, body }) => answer(await twoFactor.setupTwoFactor(ctx, reseller, body.password), successes.twoFactorSetup),
    secret,
  );

  serve(
    app,
    contract.enableTwoFactor,
    async ({ reseller, body, request }) =>
      answer(await twoFactor.enableTwoFactor(ctx, reseller, body.code, meta(request)), successes.twoFactorOn),
    secret,
  );

  serve(
    app,
    contract.renewRecoveryCodes,
    async ({ reseller, body, request }) =>
      answer(await twoFactor.renewRecoveryCodes(ctx, reseller, body, meta(request)), successes.recoveryCodesRenewed),
    secret,
  );

  serve(app, contract.disableTwoFactor, async ({ reseller, body, request }) => {
    await twoFactor.disableTwoFactor(ctx, reseller, body, meta(request));
    return answer(null, successes.twoFactorOff);
  });

  serve(
    app,
    contract.loginTwoFactor,
    async ({ body, request }) => {
      const reseller = await twoFactor.passSecondStep(ctx, body, meta(request));
      return answer(await openFirstSession(ctx, reseller, meta(request)), successes.loggedIn);
    },
    perIp,
  );

  serve(
    app,
    contract.loginTwoFactorSetup,
    async ({ body }) => answer(await twoFactor.setupAtSignIn(ctx, body.challenge), successes.twoFactorSetup),
    perIp,
  );

  serve(
    app,
    contract.loginTwoFactorEnable,
    async ({ body, request }) => {
      const { reseller, codes } = await twoFactor.enableAtSignIn(ctx, body, meta(request));
      const signedIn = await openFirstSession(ctx, { ...reseller, totpSecret: 'on' }, meta(request));
      return answer({ ...signedIn, recovery_codes: codes }, successes.twoFactorOn);
    },
    perIp,
  );

  serve(app, contract.passkeyOptions, async ({ reseller, body, request }) => passkeys.registrationOptions(ctx, reseller, body.password, caller(request)));

  serve(app, contract.addPasskey, async ({ reseller, body, request }) =>
    answer(await passkeys.addPasskey(ctx, reseller, body, caller(request)), successes.passkeyAdded),
  );

  serve(app, contract.removePasskey, async ({ reseller, body, request }) => {
    await passkeys.removePasskey(ctx, reseller, body, caller(request));
    return answer(null, successes.passkeyRemoved);
  });

  serve(app, contract.loginPasskeyOptions, async ({ body, request }) => twoFactor.passkeyOptionsAtSignIn(ctx, body.challenge, caller(request)), perIp);

  serve(
    app,
    contract.loginPasskey,
    async ({ body, request }) => {
      const reseller = await twoFactor.passWithPasskey(ctx, body, caller(request));
      return answer(await openFirstSession(ctx, reseller, meta(request)), successes.loggedIn);
    },
    perIp,
  );

  serve(app, contract.listSessions, async ({ reseller }) => signedIn.listSessions(ctx, reseller));

  serve(app, contract.endSession, async ({ reseller, body, ip }) => {
    await signedIn.endSession(ctx, reseller, body.id, ip);
    return answer(null, successes.sessionEnded);
  });

  serve(app, contract.endOtherSessions, async ({ reseller, ip }) => {
    const result = await signedIn.endOtherSessions(ctx, reseller, ip);
    return answer(result, successes.otherSessionsEnded(result.ended));
  });

  serve(app, contract.securityEvents, async ({ reseller }) => signedIn.securityEvents(ctx, reseller.id, reseller.personId, localeOr(reseller.personLocale)));

  serve(app, contract.requireTwoFactor, async ({ reseller, body, request }) => {
    const result = await twoFactor.requireOfUser(ctx, reseller, body.user_reseller_id, body.required, meta(request));
    return answer(result, result.required ? successes.twoFactorRequired : successes.twoFactorNotRequired);
  });
}
