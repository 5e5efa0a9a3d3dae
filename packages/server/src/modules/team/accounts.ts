/**
 * The accounts a person belongs to, and moving a session between them: the session's token stays,
 * the account it acts for changes (access_tokens.reseller_id), and its sockets on the old account's
 * channel close so none goes on hearing that account's events.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionReseller } from '../../context.js';
import { accessTokens, people } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { accountsOf } from '../auth/people.js';
import { hasPasskey } from '../auth/passkeys.js';
import { presentSignedIn } from '../profile/present.js';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

export async function myAccounts(ctx: Ctx, session: SessionReseller) {
  const list = await accountsOf(ctx, session.personId);
  return { data: list.map((a) => ({ id: a.reseller.id, name: a.reseller.name, custom_url: a.reseller.customUrl, role: a.role, current: a.reseller.id === session.id })) };
}

export async function switchAccount(ctx: Ctx, session: SessionReseller, resellerId: number) {
  const account = (await accountsOf(ctx, session.personId)).find((a) => a.reseller.id === resellerId);
  if (!account) throw fail('notAMemberOf');
  if (account.reseller.twoFactorRequired) {
    const [person] = await ctx.db.select({ totp: people.totpSecret }).from(people).where(eq(people.id, session.personId));
    if (!person?.totp && !(await hasPasskey(ctx, session.personId))) throw fail('teamTwoFactorRequired');
  }
  if (resellerId !== session.id) {
    await ctx.db.update(accessTokens).set({ resellerId }).where(and(eq(accessTokens.id, session.tokenId), eq(accessTokens.personId, session.personId)));
    await ctx.realtime.endSessions([session.tokenId]);
  }
  return presentSignedIn(ctx, resellerId, session.personId);
}
