/**
 * The operator's white-label pipeline (issue 35): where each enquiry stands (new, contacted, won,
 * lost), which person of the operator's team owns it, and its timeline of notes and replies. Every
 * change locks the enquiry's row, writes its audit line (the person, before and after, the address)
 * in the same transaction, and answers the enquiry as it now stands. A reply is mailed through the
 * outbox in that transaction too, so a reply is sent exactly when it is recorded.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { WhiteLabelEnquiryRow, WhiteLabelNoteRow, WhiteLabelStatus } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { contains } from '../../db/search.js';
import { transact } from '../../db/unit.js';
import { whiteLabelEnquiries, whiteLabelNotes } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { whiteLabelReplyMail } from '../../adapters/mail/templates.js';
import { ownerLocale } from '../auth/people.js';
import { audit } from '../audit/index.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'mail'>;
type Db = Pick<AppContext, 'db'>['db'] | Tx;

/** Who acts: the operator's account, its member, and where from. */
export interface Acting {
  operatorId: number;
  personId: number;
  ip: string;
}

export interface EnquiryFilter {
  search: string;
  status?: WhiteLabelStatus | undefined;
  /** A person, or 'none': enquiries nobody owns. */
  owner?: number | 'none' | undefined;
}

interface EnquiryRecord {
  id: number;
  reseller_id: number;
  reseller_name: string;
  reseller_email: string;
  brand_name: string;
  expected_users: number;
  message: string;
  created_at: Date;
  status: WhiteLabelStatus;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  updated_at: Date;
  total?: number;
}

interface NoteRecord {
  id: number;
  enquiry_id: number;
  kind: 'note' | 'reply';
  subject: string | null;
  body: string;
  person_id: number | null;
  person_name: string | null;
  person_email: string | null;
  created_at: Date;
}

const enquirySelect = sql`select e.id, e.reseller_id, r.name as reseller_name, r.email as reseller_email, e.brand_name, e.expected_users, e.message, e.created_at,
                                 e.status, e.owner_person_id as owner_id, o.name as owner_name, o.email as owner_email, e.updated_at
                          from white_label_enquiries e join resellers r on r.id = e.reseller_id left join people o on o.id = e.owner_person_id`;

function filterWhere(filter: EnquiryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.search) parts.push(sql`(e.brand_name ilike ${contains(filter.search)} or r.email ilike ${contains(filter.search)})`);
  if (filter.status) parts.push(sql`e.status = ${filter.status}`);
  if (filter.owner === 'none') parts.push(sql`e.owner_person_id is null`);
  else if (filter.owner !== undefined) parts.push(sql`e.owner_person_id = ${filter.owner}`);
  return sql.join(parts, sql` and `);
}

const presentNote = (n: NoteRecord): WhiteLabelNoteRow => ({
  id: Number(n.id),
  kind: n.kind,
  subject: n.subject,
  body: n.body,
  person: n.person_id === null ? null : { id: Number(n.person_id), name: n.person_name ?? '', email: n.person_email ?? '' },
  created_at: new Date(n.created_at).toISOString(),
});

/** The enquiries with their notes, oldest note first (one query for every enquiry's notes). */
async function present(db: Db, found: EnquiryRecord[]): Promise<WhiteLabelEnquiryRow[]> {
  const ids = found.map((e) => Number(e.id));
  const notes = ids.length
    ? await rows<NoteRecord>(
        db,
        sql`select n.id, n.enquiry_id, n.kind, n.subject, n.body, n.person_id, p.name as person_name, p.email as person_email, n.created_at
            from white_label_notes n left join people p on p.id = n.person_id
            where n.enquiry_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
            order by n.created_at, n.id`,
      )
    : [];
  return found.map((e) => ({
    id: Number(e.id),
    reseller_id: Number(e.reseller_id),
    reseller_name: e.reseller_name,
    reseller_email: e.reseller_email,
    brand_name: e.brand_name,
    expected_users: Number(e.expected_users),
    message: e.message,
    created_at: new Date(e.created_at).toISOString(),
    status: e.status,
    owner: e.owner_id === null ? null : { id: Number(e.owner_id), name: e.owner_name ?? '', email: e.owner_email ?? '' },
    updated_at: new Date(e.updated_at).toISOString(),
    notes: notes.filter((n) => Number(n.enquiry_id) === Number(e.id)).map(presentNote),
  }));
}

/** The operator's list, newest first, filtered. */
export async function listPipeline(ctx: Pick<AppContext, 'db'>, filter: EnquiryFilter, paging: { page: number; limit: number }) {
  const where = filterWhere(filter);
  const found = await rows<EnquiryRecord>(
    ctx.db,
    sql`select l.*, count(*) over () as total from (${enquirySelect} where ${where}) l
        order by l.created_at desc, l.id desc
        limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
  );
  const total =
    found.length > 0
      ? Number(found[0]?.total)
      : Number((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from white_label_enquiries e join resellers r on r.id = e.reseller_id where ${where}`))[0]?.n ?? 0);
  return { data: await present(ctx.db, found), total };
}

/** The operator's team, who may own an enquiry. */
export async function pipelineOwners(ctx: Pick<AppContext, 'db'>, operatorId: number) {
  const found = await rows<{ id: number; name: string; email: string }>(
    ctx.db,
    sql`select p.id, p.name, p.email from memberships m join people p on p.id = m.person_id where m.reseller_id = ${operatorId} order by lower(p.name), p.id`,
  );
  return found.map((p) => ({ id: Number(p.id), name: p.name, email: p.email }));
}

async function readOne(db: Db, id: number): Promise<WhiteLabelEnquiryRow> {
  const [found] = await rows<EnquiryRecord>(db, sql`${enquirySelect} where e.id = ${id}`);
  if (!found) throw fail('enquiryNotFound');
  const [row] = await present(db, [found]);
  if (!row) throw fail('enquiryNotFound');
  return row;
}

/** The enquiry's row, locked for the change: two changes of one enquiry are made one after the other. */
async function lockEnquiry(tx: Tx, id: number) {
  const [found] = await rows<{ status: WhiteLabelStatus; owner_person_id: number | null; brand_name: string; reseller_id: number; email: string; name: string }>(
    tx,
    sql`select e.status, e.owner_person_id, e.brand_name, e.reseller_id, r.email, r.name
        from white_label_enquiries e join resellers r on r.id = e.reseller_id where e.id = ${id} for update of e`,
  );
  if (!found) throw fail('enquiryNotFound');
  return { ...found, owner_person_id: found.owner_person_id === null ? null : Number(found.owner_person_id), reseller_id: Number(found.reseller_id) };
}

const line = (who: Acting, enquiryId: number) => ({ actorId: who.operatorId, personId: who.personId, targetType: 'white_label_enquiry', targetId: enquiryId, ip: who.ip });

async function moveStatus(ctx: Ctx, tx: Tx, who: Acting, id: number, from: WhiteLabelStatus, to: WhiteLabelStatus, data?: Record<string, unknown>) {
  await tx.update(whiteLabelEnquiries).set({ status: to, updatedAt: ctx.clock.now() }).where(eq(whiteLabelEnquiries.id, id));
  await audit(tx, { ...line(who, id), action: 'white_label.status', before: { status: from }, after: { status: to }, ...(data ? { data } : {}) });
}

/** Moves an enquiry to `status`; `seen`, the status the person saw, must still be its status. */
export async function setStatus(ctx: Ctx, who: Acting, input: { id: number; status: WhiteLabelStatus; seen?: WhiteLabelStatus | undefined }) {
  return transact(ctx, async ({ tx }) => {
    const enquiry = await lockEnquiry(tx, input.id);
    if (input.seen !== undefined && input.seen !== enquiry.status) throw fail('enquiryChanged', { status: enquiry.status });
    if (enquiry.status === input.status) throw fail('enquiryUnchanged');
    await moveStatus(ctx, tx, who, input.id, enquiry.status, input.status);
    return readOne(tx, input.id);
  });
}

/** Gives the enquiry an owner of the operator's team, or none. */
export async function assignOwner(ctx: Ctx, who: Acting, input: { id: number; ownerPersonId: number | null }) {
  return transact(ctx, async ({ tx }) => {
    const enquiry = await lockEnquiry(tx, input.id);
    let owner: { id: number; name: string; email: string } | null = null;
    if (input.ownerPersonId !== null) {
      // A person of another account, or of none, reads as one who does not exist: the same refusal.
      const [member] = await rows<{ id: number; name: string; email: string }>(
        tx,
        sql`select p.id, p.name, p.email from memberships m join people p on p.id = m.person_id where m.reseller_id = ${who.operatorId} and m.person_id = ${input.ownerPersonId}`,
      );
      if (!member) throw fail('ownerNotInTeam');
      owner = member;
    }
    if (enquiry.owner_person_id === input.ownerPersonId) throw fail('enquiryUnchanged');
    await tx.update(whiteLabelEnquiries).set({ ownerPersonId: input.ownerPersonId, updatedAt: ctx.clock.now() }).where(eq(whiteLabelEnquiries.id, input.id));
    await audit(tx, {
      ...line(who, input.id),
      action: 'white_label.owner',
      before: { owner_person_id: enquiry.owner_person_id },
      after: { owner_person_id: input.ownerPersonId, ...(owner ? { owner_email: owner.email } : {}) },
    });
    return { enquiry: await readOne(tx, input.id), owner };
  });
}

async function addTimeline(ctx: Ctx, tx: Tx, who: Acting, id: number, note: { kind: 'note' | 'reply'; subject: string | null; body: string }) {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(whiteLabelNotes)
    .values({ enquiryId: id, personId: who.personId, kind: note.kind, subject: note.subject, body: note.body, createdAt: now })
    .returning({ id: whiteLabelNotes.id });
  await tx.update(whiteLabelEnquiries).set({ updatedAt: now }).where(eq(whiteLabelEnquiries.id, id));
  return Number(row?.id);
}

/** A note for the team on the enquiry's timeline. */
export async function addNote(ctx: Ctx, who: Acting, input: { id: number; body: string }) {
  return transact(ctx, async ({ tx }) => {
    await lockEnquiry(tx, input.id);
    const noteId = await addTimeline(ctx, tx, who, input.id, { kind: 'note', subject: null, body: input.body });
    await audit(tx, { ...line(who, input.id), action: 'white_label.note', data: { note_id: noteId }, after: { body: input.body } });
    return readOne(tx, input.id);
  });
}

/** Mails the reseller a reply, keeps it on the timeline, and moves a new enquiry to contacted. */
export async function reply(ctx: Ctx, who: Acting & { personName: string }, input: { id: number; subject: string; body: string }) {
  return transact(ctx, async ({ tx }) => {
    const enquiry = await lockEnquiry(tx, input.id);
    const noteId = await addTimeline(ctx, tx, who, input.id, { kind: 'reply', subject: input.subject, body: input.body });
    await ctx.mail.enqueue(
      tx,
      whiteLabelReplyMail(await ownerLocale({ db: tx }, enquiry.reseller_id), {
        to: { email: enquiry.email, name: enquiry.name, id: enquiry.reseller_id },
        subject: input.subject,
        body: input.body,
        from: who.personName,
      }),
    );
    await audit(tx, { ...line(who, input.id), action: 'white_label.replied', data: { note_id: noteId, to: enquiry.email }, after: { subject: input.subject, body: input.body } });
    if (enquiry.status === 'new') await moveStatus(ctx, tx, who, input.id, 'new', 'contacted', { by: 'reply', note_id: noteId });
    return { enquiry: await readOne(tx, input.id), to: enquiry.email };
  });
}
