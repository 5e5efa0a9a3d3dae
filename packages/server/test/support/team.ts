/** Members for tests: an invitation accepted by a new person, through the real calls. */
import type { Client, Role } from '@partner-panel/sdk';
import type { TestApp } from './app.js';

export const MEMBER_PASSWORD = 'Member!Password1';

/** The token of the newest invitation mailed to an address. */
export async function invitationToken(t: TestApp, to: string) {
  for (const mail of await t.mails(to)) {
    const link = mail.links.find((l) => l.includes('/invitation/'));
    if (link) return link.split('/invitation/')[1] as string;
  }
  throw new Error(`no invitation to ${to}`);
}

/** Invites an address into the inviter's account with a role and accepts it as a new person. */
export async function joinAs(t: TestApp, inviter: Client, role: Role, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  await inviter.inviteMembers({ invitations: [{ email, role }] });
  const token = await invitationToken(t, email);
  const joined = await t.client().acceptInvitation({ token, name: `A ${role}`, password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD });
  return { email, role, token: joined.access_token, personId: joined.member.person_id, api: t.client(joined.access_token) };
}
