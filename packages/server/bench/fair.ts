/**
 * The fair ceiling of a signed-in request: bare Fastify in the same process, on the same pool,
 * running the same session lookup and the same page statement as the product, and answering the
 * same envelope — without the product's hooks (CSRF, rate limits, strict input, request log,
 * response validation). What the product reaches of it is what its envelope costs.
 */
import Fastify from 'fastify';
import type pg from 'pg';
import { hashToken } from '../src/modules/auth/secrets.js';

const SESSION = `select r.id, r.status from access_tokens t join resellers r on r.id = t.reseller_id
  where t.token_hash = $1 and t.kind = 'session' and t.revoked_at is null and t.expires_at > now() limit 1`;

// The unfiltered coupon page as modules/coupons/list.ts writes it: the counter and the page in one statement.
const COUPON_PAGE = `select p.*, t.total from (select coupons_total as total from resellers where id = $1) t left join lateral (
    select c.id, c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at, a.name as addon_name, v.email as redeemed_by
    from coupons c left join addons a on a.id = c.addon_id left join vpn_accounts v on v.id = c.vpn_account_id
    where c.id in (select c.id from coupons c where c.reseller_id = $1 and c.deleted_at is null order by c.created_at desc, c.id desc limit 10 offset 0)
    order by c.created_at desc, c.id desc
  ) p on true`;

export async function fairCeiling(pool: pg.Pool) {
  const app = Fastify();
  const session = async (authorization: string | undefined) => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const found = await pool.query(SESSION, [hashToken(token)]);
    return found.rows[0] as { id: number } | undefined;
  };
  const envelope = (body: unknown) => ({ header: { code: 'ok', status: 'success', message: 'Success' }, body });
  app.get('/profile', async (req, reply) => {
    const who = await session(req.headers.authorization);
    if (!who) return reply.code(401).send();
    const row = await pool.query('select * from resellers where id = $1', [who.id]);
    return envelope(row.rows[0]);
  });
  app.post('/coupons', async (req, reply) => {
    const who = await session(req.headers.authorization);
    if (!who) return reply.code(401).send();
    const got = await pool.query(COUPON_PAGE, [who.id]);
    return envelope({ data: got.rows.filter((r: { id: number | null }) => r.id !== null), total: Number(got.rows[0]?.total ?? 0) });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
