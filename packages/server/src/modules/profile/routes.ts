import type { FastifyInstance } from 'fastify';
import { centsToDollars, contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import * as profiles from './service.js';
import { updatePreferences } from './preferences.js';

export function profileRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.profile, async ({ reseller }) => answer(await profiles.profile(ctx, reseller), successes.profile));

  serve(app, contract.updateProfile, async ({ body, reseller, ip }) => {
    const { user } = await profiles.updateField(ctx, reseller.id, body.update, body.value, ip);
    return answer(user, successes.profileUpdated);
  });

  // The profile's sentence: the language and time zone are set on the profile page, and every
  // language of the portal already words it.
  serve(app, contract.updatePreferences, async ({ body, reseller }) => answer(await updatePreferences(ctx, reseller, body), successes.profileUpdated));

  serve(app, contract.totalCredited, async ({ reseller }) => ({
    amount: centsToDollars(await profiles.totalCreditedCents(ctx, reseller.id)),
  }));
}
