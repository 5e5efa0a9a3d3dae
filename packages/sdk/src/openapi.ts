/** The OpenAPI 3.1 document of the contract, for integrators (written to docs/openapi.json). */
import { z } from 'zod';
import { contract } from './contract/index.js';
import { isSignedInAccess, type AnyCall } from './contract/define.js';
import { IDEMPOTENCY_HEADER } from './contract/constants.js';
import { envelopeSchema, errorBodySchema, headerSchema } from './contract/envelope.js';
import { EVENT_DESCRIPTIONS, EVENT_SCHEMAS, type EventType } from './contract/events.js';
import { ROLES, ROLE_NAMES, roleMay, type Permission } from './contract/roles.js';

/** Calls in a stable order (by path, then method): module namespaces order differently per tool. */
const sortedCalls = () =>
  (Object.entries(contract) as [string, AnyCall][]).sort(([, a], [, b]) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path),
  );

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** The server keeps the first answer for an Idempotency-Key on every state-changing call made with a bearer token. */
const takesIdempotencyKey = (call: AnyCall) => call.method !== 'GET' && call.access !== 'public' && call.access !== 'signature';

const signedIn = (call: AnyCall) => isSignedInAccess(call.access);

function security(call: AnyCall) {
  const csrf = call.csrf ? { csrfHeader: [], csrfCookie: [] } : {};
  if (signedIn(call)) return [{ session: [], ...csrf }];
  if (call.access === 'client') return [{ clientToken: [] }];
  return call.csrf ? [csrf] : [];
}

/** What each refusal status means, as the server answers it (docs/api.md, the catalogue). */
const REFUSALS = {
  400: 'Malformed: not valid JSON, a key sent twice (rspf-input-1301) or named __proto__, constructor or prototype (rspf-input-1302), a bad URL or Idempotency-Key, or (v2 client API) invalid or unknown parameters.',
  401: 'The session or access token is missing, invalid or expired (header.status forbidden), or the credentials are wrong.',
  402: 'The wallet cannot pay for it (rspf-wallet-4021), or the payment could not be completed.',
  403: 'Signed in but refused: not an admin, not the owner, the account is inactive or unverified, or a sandbox-only call made with a live key.',
  404: 'Not found (or not yours: the same answer).',
  409: 'Conflict with the current state, or a request with the same Idempotency-Key still running (Retry-After).',
  410: 'The link, ticket or coupon has expired.',
  413: 'The request body is over 1 MB.',
  415: 'The request body is not application/json, or declares a charset other than UTF-8 (rspf-input-1303).',
  419: 'The CSRF token is missing (rspf-csrf-1001) or does not match the XSRF-TOKEN cookie (rspf-csrf-1002).',
  422: 'Validation failed (v1 API): the first message in header.message, every message by field in body.errors; also an unknown field, a failed captcha, or an Idempotency-Key reused with other parameters.',
  429: 'Too many requests: wait Retry-After seconds (body.retry_after).',
} as const;
type Refusal = keyof typeof REFUSALS;

/** Fields whose value is a link's hash, a download ticket or a coupon: they can expire (410). */
const EXPIRING = ['hash', 'ticket', 'coupon', 'coupon_id'];
const fieldsOf = (schema: z.ZodType | undefined) => {
  if (!schema) return [];
  const props = (json(schema, 'input') as { properties?: Record<string, unknown> }).properties;
  return Object.keys(props ?? {});
};

/** The refusals a call can answer, each documented with the envelope (and `default` for a 500). */
export function refusalsOf(call: AnyCall): Refusal[] {
  const hasInput = Boolean(call.body ?? call.query);
  const out: Refusal[] = [400];
  const signIn = call.path === '/api/login';
  if (call.access !== 'public' || signIn || call.path.startsWith('/api/v2/client/')) out.push(401);
  if (call.method !== 'GET' && (signedIn(call) || call.access === 'client')) out.push(402);
  if (signedIn(call) || signIn || call.access === 'client') out.push(403);
  out.push(404);
  if (call.method !== 'GET') out.push(409);
  if ([...fieldsOf(call.body), ...fieldsOf(call.query)].some((f) => EXPIRING.includes(f))) out.push(410);
  if (call.body && call.method !== 'GET') out.push(413, 415);
  if (call.csrf) out.push(419);
  if (hasInput || call.captcha || takesIdempotencyKey(call)) out.push(422);
  out.push(429);
  return out;
}

/** Who may make a call, as an integrator reads it (the contract's `access`). */
const WHO: Record<AnyCall['access'], string> = {
  public: 'No sign-in needed.',
  reseller: 'A signed-in reseller (the access_token of POST /api/login).',
  admin: 'A signed-in admin reseller (the access_token of POST /api/login).',
  operator: "A signed-in member of the operator, the provider's own account (the access_token of POST /api/login); every reseller is refused (403 rspf-account-1057).",
  client: 'A v2 client access token (POST /api/v2/client/generate, from a live or sandbox secret key).',
  signature: 'Called by a payment provider, which signs the request; not for integrators.',
};

/**
 * The groups of the reference, in the order a reseller's developer needs them: an admin's calls in
 * their own group, every other call in the first group whose path matches.
 */
export const TAGS = [
  { name: 'Client API (v2)', test: /^\/api\/v2\/client\//, description: 'Manage your VPN users, webhook endpoints and events with a live or sandbox secret key: the calls of the SDK\'s PartnerPanel.' },
  { name: 'Sign-in', test: /^\/api\/(csrf|login|logout|register|password|settings|openapi\.json)(\/|$)/, description: 'Signing in with the CSRF pair, two-factor and passkeys, registration and passwords, the public settings and this document.' },
  { name: 'VPN accounts', test: /^\/api\/v1\/resellers\/vpn(\/|$)/, description: 'The VPN accounts of a signed-in reseller: create, search, list, update, delete and export.' },
  { name: 'Coupons', test: /^\/api\/(v1\/coupons|v1\/resellers\/coupon|redeem)(\/|$)/, description: 'Coupons: create, list, delete, e-mail, export and redeem.' },
  { name: 'Wallet, payments and invoices', test: /^\/api\/(v1\/payments|v1\/resellers\/(amount|invoice|invoices|unpaid|transactions?)|test-gateway|webhooks)(\/|$)/, description: 'The wallet balance, adding funds, invoices and transactions, and the payment providers\' notifications.' },
  { name: 'Webhook endpoints', test: /^\/api\/webhook-endpoints(\/|$)/, description: 'Webhook endpoints managed by a signed-in reseller (the client API has the same calls for a secret key).' },
  { name: 'Dashboard', test: /^\/api\/v1\/dashboard(\/|$)/, description: 'The dashboard\'s figures and series.' },
  { name: 'Notifications', test: /^(\/api\/v1\/resellers\/notifications|\/broadcasting)(\/|$)/, description: 'The notifications of a signed-in reseller, and the authorisation of its realtime channel.' },
  { name: 'Account and settings', test: /^\/api\/v1\/(profile|resellers|white-label)(\/|$)/, description: 'Your profile, sessions, passkeys and two-factor sign-in, prices, alerts and the redeem embed.' },
  // Matches no path: tagOf puts every admin call here.
  { name: 'Admin', test: /$^/, description: 'Calls for an admin reseller: its users, their coupons, pricing, balances and invoices.' },
  // Matches no path: tagOf puts every operator call here.
  { name: 'Operator', test: /$^/, description: "The provider's own account: the catalogue (prices, withdrawals, their history) and white-label enquiries." },
] as const;
export const tagOf = (call: Pick<AnyCall, 'path' | 'access'>): string =>
  call.access === 'admin' ? 'Admin' : call.access === 'operator' ? 'Operator' : (TAGS.find((t) => t.test.test(call.path))?.name ?? 'Account and settings');

const ref = (kind: 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const RATE_HEADERS = { 'X-RateLimit-Limit': ref('headers', 'RateLimitLimit'), 'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining'), 'X-RateLimit-Reset': ref('headers', 'RateLimitReset') };

export interface OpenApiOptions {
  /** Where the API is served: the server's PUBLIC_URL when it serves the document itself. */
  serverUrl?: string;
}

/** The Standard Webhooks headers of every delivery. */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The event id (evt_…), the same on every attempt and resend: deduplicate by it.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt; a signature older than five minutes is refused by the verifiers.', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the endpoint\'s whsec_… secret; two, space-separated, during the 24 hours after a rotation.',
    schema: { type: 'string' },
  },
].map((h) => ({ ...h, in: 'header', required: true }));

/**
 * One entry per event type (OpenAPI 3.1 `webhooks`): the event a delivery posts to an endpoint,
 * its headers and what the receiver answers. The events API lists the same objects.
 */
export function webhooksOf() {
  return Object.fromEntries(
    (Object.entries(EVENT_SCHEMAS) as [EventType, z.ZodType][]).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(/\./g, '_')}`,
          summary: type,
          description: `${EVENT_DESCRIPTIONS[type]} Delivered at least once, signed as Standard Webhooks (verifyWebhook of the SDK).`,
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: json(schema, 'output') } } },
          responses: {
            '200': { description: 'Any 2xx within 10 seconds: received.' },
            default: { description: 'Any other answer, or none within 10 seconds: tried again later (about three days in all), then the endpoint is disabled.' },
          },
        },
      },
    ]),
  );
}

export function openApiDocument(options: OpenApiOptions = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of sortedCalls()) {
    const parameters = [];
    if (call.query instanceof z.ZodObject) {
      const schema = json(call.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [param, s] of Object.entries(schema.properties ?? {})) {
        // A name in braces in the path ({userId}) is a path parameter, always required.
        const inPath = call.path.includes(`{${param}}`);
        parameters.push({ name: param, in: inPath ? 'path' : 'query', required: inPath || (schema.required?.includes(param) ?? false), schema: s });
      }
    }
    if (call.csrf) {
      parameters.push({
        name: 'CSRF-Token',
        in: 'header',
        required: true,
        description: 'The csrf_token of GET /api/csrf, sent with the same value as the XSRF-TOKEN cookie.',
        schema: { type: 'string' },
      });
    }
    if (takesIdempotencyKey(call)) {
      parameters.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description: 'A retry with the same key and body is answered the first answer (header Idempotent-Replayed: true); kept 24 hours.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    }
    const headers = {
      'Request-Id': ref('headers', 'RequestId'),
      ...(takesIdempotencyKey(call) ? { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') } : {}),
      ...(call.access === 'client' ? RATE_HEADERS : {}),
      ...(call.path === '/api/csrf' ? { 'Set-Cookie': ref('headers', 'CsrfCookie') } : {}),
    };
    const success = call.raw
      ? { description: `${call.raw.toUpperCase()} file`, headers, content: { [call.raw === 'csv' ? 'text/csv' : call.raw === 'pdf' ? 'application/pdf' : 'text/html']: {} } }
      : call.bare
        ? { description: 'Not an envelope: the body itself', headers, content: { 'application/json': { schema: json(call.response, 'output') } } }
        : { description: `header.code ${call.successCode}`, headers, content: { 'application/json': { schema: json(envelopeSchema(call.response), 'output') } } };
    const body = call.body && call.method !== 'GET' ? { schema: json(call.body, 'input') } : undefined;
    (paths[call.path] ??= {})[call.method.toLowerCase()] = {
      operationId: name,
      summary: call.summary,
      tags: [tagOf(call)],
      // For integrators: who may call and what success answers. Where the product spec describes the
      // call (`call.spec`) is for maintainers: docs/api-calls.md lists it, the published document not.
      description: `${WHO[call.access]}${call.permission ? ` The member's role must allow ${call.permission} (roles: ${ROLES.filter((r) => roleMay(r, call.permission as Permission)).map((r) => ROLE_NAMES[r]).join(', ')}); else 403 rspf-team-1101.` : ''}${call.captcha ? ` Send a captcha token made for the action "${call.captcha}".` : ''} On success header.code is ${call.successCode}.`,
      // The permission as a value a tool can read (the portal's canAccess reads it from the contract).
      ...(call.permission ? { 'x-permission': call.permission } : {}),
      security: security(call),
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': body, ...(call.path.startsWith('/broadcasting/') ? { 'application/x-www-form-urlencoded': body } : {}) },
            },
          }
        : {}),
      responses: {
        [call.httpStatus]: success,
        ...Object.fromEntries(refusalsOf(call).map((status) => [status, ref('responses', `Status${status}`)])),
        default: ref('responses', 'Error'),
      },
    };
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
  const refusal = (description: string, extra: Record<string, unknown> = {}) => ({
    description,
    headers: { 'Request-Id': ref('headers', 'RequestId'), ...extra },
    content: errorContent,
  });
  const int = (description: string) => ({ description, schema: { type: 'integer' } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Panel API',
      version: '2',
      description:
        'Every answer is an envelope { header: { code, status, message }, body }; a refusal\'s header also carries request_id, the answer\'s Request-Id header, to quote to support. The typed SDK, @partner-panel/sdk, makes these calls for you; its README is the guide. Answers may gain fields: ignore those you do not know. Requests are strict: a field a call does not know is refused.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    servers: [options.serverUrl ? { url: options.serverUrl, description: 'This server' } : { url: '/', description: 'The Partner Panel that serves this document' }],
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', description: 'The access_token of POST /api/login (a signed-in reseller).' },
        clientToken: { type: 'http', scheme: 'bearer', description: 'The AccessToken of POST /api/v2/client/generate, made from a live or sandbox secret key.' },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'CSRF-Token',
          description:
            'Browser API calls that change something (sign-in included) need a CSRF pair: GET /api/csrf sets the XSRF-TOKEN cookie and answers the same token as body.csrf_token; send it in this header AND as the cookie (a client without a cookie jar sends `Cookie: XSRF-TOKEN=<token>` itself). Without the cookie the answer is 419.',
        },
        csrfCookie: { type: 'apiKey', in: 'cookie', name: 'XSRF-TOKEN', description: 'The cookie GET /api/csrf sets; its value must equal the CSRF-Token header.' },
      },
      headers: {
        RequestId: { description: 'The id of this request (req_…), made by the server; a refusal repeats it as header.request_id. Quote it to support.', schema: { type: 'string' } },
        IdempotentReplayed: { description: '"true" when this answer is the kept first answer to the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
        RateLimitLimit: int('Requests the key may make in the current minute.'),
        RateLimitRemaining: int('Requests left in the current minute.'),
        RateLimitReset: int('Seconds until the minute starts over.'),
        RetryAfter: int('Seconds to wait before trying again.'),
        CsrfCookie: { description: 'XSRF-TOKEN=<token>: the CSRF cookie, to send back with the CSRF-Token header.', schema: { type: 'string' } },
      },
      schemas: {
        ErrorEnvelope: json(z.object({ header: headerSchema, body: errorBodySchema }), 'output'),
      },
      responses: {
        ...Object.fromEntries(
          (Object.entries(REFUSALS) as [string, string][]).map(([status, description]) => [
            `Status${status}`,
            refusal(description, status === '429' ? { 'Retry-After': ref('headers', 'RetryAfter'), ...RATE_HEADERS } : status === '409' ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}),
          ]),
        ),
        Error: refusal('Something went wrong on the server (HTTP 500): the details are logged under the Request-Id, never sent.'),
      },
    },
    paths,
    webhooks: webhooksOf(),
  };
}

/** The table of every call, for docs/api-calls.md. */
export function callsTable(): string {
  const lines = [
    '# Every call',
    '',
    'Generated from `packages/sdk/src/contract` (`pnpm --filter @partner-panel/sdk openapi`). Schemas are in `openapi.json`.',
    '',
    '| call | method and path | access | success code | spec |',
    '|---|---|---|---|---|',
  ];
  for (const [name, call] of sortedCalls()) {
    const extras = [call.csrf ? 'CSRF' : '', call.captcha ? `captcha ${call.captcha}` : '', takesIdempotencyKey(call) ? 'Idempotency-Key' : ''].filter(Boolean).join(', ');
    lines.push(
      `| \`${name}\` | \`${call.method} ${call.path}\` | ${call.access}${extras ? ` (${extras})` : ''} | ${call.successCode}${call.httpStatus !== 200 ? ` (HTTP ${call.httpStatus})` : ''} | ${call.spec} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
