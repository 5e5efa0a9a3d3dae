/**
 * White-label enquiries (ours, behind 000 §1's promo): stored, acknowledged to the reseller and
 * mailed to the operator (OPERATOR_EMAIL) in the same transaction through the outbox; listed for
 * the operator, the provider's own account, in its pipeline (pipeline.ts; docs/architecture.md "The operator").
 */
import type { AppContext, SessionReseller } from '../../context.js';
import { transact } from '../../db/unit.js';
import { whiteLabelEnquiries } from '../../db/schema/index.js';
import { whiteLabelAckMail, whiteLabelOperatorMail } from '../../adapters/mail/templates.js';
import { audit } from '../audit/index.js';
import { addressLocale, ownerLocale } from '../auth/people.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'counters'>;

/** Enquiries a reseller may send a day: enough to correct one, too few to flood the operator. */
const ENQUIRIES_PER_DAY = 5;

export async function askWhiteLabel(ctx: Ctx, reseller: SessionReseller, input: { brand_name: string; expected_users: number; message: string }) {
  await ctx.counters.take(`white-label:${reseller.id}`, ENQUIRIES_PER_DAY, 24 * 3600_000);
  const now = ctx.clock.now();
  return transact(ctx, async (unit) => {
    const [row] = await unit.tx
      .insert(whiteLabelEnquiries)
      .values({ resellerId: reseller.id, brandName: input.brand_name, expectedUsers: input.expected_users, message: input.message, createdAt: now, updatedAt: now })
      .returning({ id: whiteLabelEnquiries.id, createdAt: whiteLabelEnquiries.createdAt });
    const id = Number(row?.id);
    const who = { email: reseller.email, name: reseller.name, id: reseller.id };
    // The copy goes to the account's address, its Owner's; the operator's, to its person's if it has one.
    await ctx.mail.enqueue(unit.tx, whiteLabelAckMail(await ownerLocale({ db: unit.tx }, reseller.id), { to: who, brandName: input.brand_name, expectedUsers: input.expected_users }));
    if (ctx.config.operatorEmail) {
      await ctx.mail.enqueue(
        unit.tx,
        whiteLabelOperatorMail((await addressLocale({ db: unit.tx }, ctx.config.operatorEmail)) ?? 'en', {
          to: ctx.config.operatorEmail,
          reseller: who,
          brandName: input.brand_name,
          expectedUsers: input.expected_users,
          message: input.message,
          listUrl: `${ctx.config.publicUrl}/login`,
        }),
      );
    }
    await audit(unit.tx, { actorId: reseller.id, action: 'white_label.enquired', targetType: 'white_label_enquiry', targetId: id, data: { brand: input.brand_name } });
    return { id, created_at: (row?.createdAt ?? ctx.clock.now()).toISOString() };
  });
}
