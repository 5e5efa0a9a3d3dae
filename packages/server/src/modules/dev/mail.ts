/**
 * The dev inbox: GET /dev/mail lists the mails the outbox holds, as JSON or as a page a person can
 * read and click. It exists only while the outbox is the transport and the server is not in
 * production, so a person trying the product can follow verification and reset links.
 */
import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function devMailRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { format?: string; to?: string } }>('/dev/mail', { helmet: app.ctx.security.plainPage }, async (request, reply) => {
    const all = await app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
    const to = request.query.to?.toLowerCase();
    const mails = all
      .filter((m) => !to || m.toAddress.toLowerCase() === to)
      .map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        kind: m.kind,
        text: m.textBody,
        html: m.htmlBody,
        links: [...m.textBody.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]),
        created_at: m.createdAt.toISOString(),
      }));
    const wantsJson = request.query.format === 'json' || (request.headers.accept ?? '').includes('application/json');
    if (wantsJson) return { mails };
    const items = mails
      .map(
        (m) => `<article><header><strong>${escape(m.subject)}</strong> → ${escape(m.to)}
          <small>${escape(m.created_at)}</small></header>
          <pre>${escape(m.text).replace(/https?:\/\/\S+/g, (u) => `<a href="${u}">${u}</a>`)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html><head><meta charset="utf-8"><title>Dev inbox — Partner Panel</title>
<style>body{font-family:system-ui,sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}header{margin-bottom:.5rem}
small{color:#666;margin-left:.5rem}pre{white-space:pre-wrap;font:inherit;margin:0}</style></head>
<body><h1>Dev inbox</h1><p>Mails the product sent (newest first). This page exists only outside production while mail goes to the outbox.</p>
${items || '<p>No mail yet.</p>'}</body></html>`);
  });
}
