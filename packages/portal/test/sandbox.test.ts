/**
 * The Sandbox page's documentation holds true to the contract: each endpoint names a v2 call, its
 * example answer parses under that call's response schema, its example request under the request
 * schema, every parameter is a field of the call, and each parameter has a description.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, envelopeSchema } from '@partner-panel/sdk';
import { ENDPOINTS, ENDPOINT_SLUGS } from '../src/pages/integration/sandbox/endpoints';
import { curlCommand, formDefaults } from '../src/pages/integration/sandbox/requests';
import { en } from '../src/i18n/en/all';

const fieldsOf = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

describe('the Sandbox endpoints', () => {
  it('are the nine of the page, the eight the spec documents and the balance', () => {
    expect(ENDPOINT_SLUGS).toHaveLength(9);
    expect(ENDPOINT_SLUGS.map((s) => contract[ENDPOINTS[s].call].path)).toEqual([
      '/api/v2/client/generate',
      '/api/v2/client/refresh',
      '/api/v2/client/users/create',
      '/api/v2/client/users/search',
      '/api/v2/client/users/update/email',
      '/api/v2/client/users/update/password',
      '/api/v2/client/users/update/status',
      '/api/v2/client/users/delete',
      '/api/v2/client/balance',
    ]);
  });

  it.each(ENDPOINT_SLUGS)('%s: the example answer is the call’s envelope and success', (slug) => {
    const { call, example } = ENDPOINTS[slug];
    const c = contract[call];
    const parsed = envelopeSchema(c.response).safeParse({ header: { code: example.code, status: 'success', message: example.message }, body: example.body });
    expect(parsed.error).toBeUndefined();
    expect(example.code).toBe(c.successCode);
    expect(ENDPOINTS[slug].messages[0]).toEqual({ status: c.httpStatus, code: String(c.successCode), message: example.message });
  });

  it.each(ENDPOINT_SLUGS)('%s: every parameter is a field of the call, described', (slug) => {
    const { call, params } = ENDPOINTS[slug];
    const c = contract[call];
    const fields = [...fieldsOf(c.body as z.ZodType | undefined), ...fieldsOf(c.query as z.ZodType | undefined)];
    expect(params.filter((p) => p.in !== 'header').map((p) => p.name).sort()).toEqual(fields.sort());
    for (const p of params) expect(en.pp.sandbox.param[p.name.toLowerCase().replace(/-/g, '_') as keyof typeof en.pp.sandbox.param], p.name).toBeTruthy();
    for (const p of params.filter((q) => q.required && q.in !== 'header')) expect(en.pp.sandbox.field[p.name.toLowerCase() as keyof typeof en.pp.sandbox.field]).toBe(p.name);
  });

  it.each(ENDPOINT_SLUGS)('%s: the example request passes the call’s own schema', (slug) => {
    const c = contract[ENDPOINTS[slug].call];
    const input = formDefaults(slug, 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD', { refreshToken: 'refresh', user: { userId: 1_000_000_000, email: 'a@example.com' } });
    const schema = (c.body ?? c.query ?? z.object({})) as z.ZodType;
    expect(schema.safeParse(input).error).toBeUndefined();
  });

  it('fills the sandbox key into the curl commands, quoting what the shell would read', () => {
    const key = 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD';
    const trail = { refreshToken: null, user: null };
    expect(curlCommand('generate', 'https://panel.example', key, trail)).toBe(
      `curl -X POST https://panel.example/api/v2/client/generate \\\n  -H 'Content-Type: application/json' \\\n  -d '{"secretKey":"${key}"}'`,
    );
    expect(curlCommand('generate', 'https://panel.example', null, trail)).toContain(`-d '{"secretKey":"sk_test_…"}'`);
    expect(curlCommand('refresh', 'https://panel.example', key, trail)).toContain(`-d '{"refreshToken":"$REFRESH_TOKEN"}'`);
    const remove = curlCommand('delete', 'https://panel.example', key, trail);
    expect(remove).toContain(`TOKEN=$(curl -s -X POST https://panel.example/api/v2/client/generate`);
    expect(remove).toContain(`curl -X DELETE https://panel.example/api/v2/client/users/delete`);
    expect(remove).toContain(`-d '{"userId":1000000000}'`);
    // Only curl and Node: no jq to read the token, no uuidgen for the Idempotency-Key.
    expect(remove).toContain(`| node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8')).body.AccessToken")`);
    expect(remove).toContain(`-H "Idempotency-Key: $(node -e "console.log(crypto.randomUUID())")"`);
    expect(remove).not.toMatch(/jq|uuidgen/);
    const search = curlCommand('search', 'https://panel.example', key, { refreshToken: null, user: { userId: 1, email: "o'brien@example.com" } });
    expect(search).toContain(`--data-urlencode 'query=o'\\''brien@example.com'`);
    expect(curlCommand('balance', 'https://panel.example', key, trail)).toContain('curl https://panel.example/api/v2/client/balance \\\n  -H "Authorization: Bearer $TOKEN"');
  });
});
