/** A partner's server: a funded reseller with both secret keys, each in the SDK's PartnerPanel over app.inject. */
import { PartnerPanel } from '@partner-panel/sdk';
import { injectFetch, type TestApp } from './app.js';
import { fundedReseller } from './sql.js';

export async function partner(app: TestApp, email: string, cents = 500_000) {
  const reseller = await fundedReseller(app, email, cents);
  const live = (await reseller.api.generateSecretKey({ mode: 'live' })).SecretKey;
  const sandbox = (await reseller.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
  const sdk = (secretKey: string) => new PartnerPanel({ secretKey, baseUrl: 'http://panel.test', fetch: injectFetch(app.app), maxRetries: 0 });
  return { ...reseller, live: sdk(live), sandbox: sdk(sandbox) };
}

/** What a v2 create takes: a username, a strong password, an e-mail. */
export const newUser = (username: string, email = `${username}@example.com`) => ({ username, password: 'Str0ng!Password', email });
