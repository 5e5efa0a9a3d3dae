/** The OpenAPI 3.1 document of the contract, for integrators (written to docs/openapi.json). */
import { z } from 'zod';
import { contract } from './contract/index.js';
import type { AnyCall } from './contract/define.js';
import { IDEMPOTENCY_HEADER } from './contract/constants.js';
import { envelopeSchema, errorBodySchema, headerSchema } from './contract/envelope.js';

/** Calls in a stable order (by path, then method): module namespaces order differently per tool. */
const sortedCalls = () =>
  (Object.entries(contract) as [string, AnyCall][]).sort(([, a], [, b]) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path),
  );

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** The server keeps the first answer for an Idempotency-Key on every state-changing call made with a bearer token. */
const takesIdempotencyKey = (call: AnyCall) => call.method !== 'GET' && call.access !== 'public' && call.access !== 'signature';

function security(call: AnyCall) {
  if (call.access === 'reseller' || call.access === 'admin' || call.access === 'client') return [{ bearer: [] }];
  return [];
}

export function openApiDocument() {
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
    if (call.csrf) parameters.push({ name: 'CSRF-Token', in: 'header', required: true, schema: { type: 'string' } });
    if (takesIdempotencyKey(call)) {
      parameters.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description: 'A retry with the same key and body is answered the first answer (header Idempotent-Replayed: true); kept 24 hours.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    }
    const success = call.raw
      ? { description: `${call.raw.toUpperCase()} file`, content: { [call.raw === 'csv' ? 'text/csv' : call.raw === 'pdf' ? 'application/pdf' : 'text/html']: {} } }
      : call.bare
        ? { description: 'Not an envelope: the body itself', content: { 'application/json': { schema: json(call.response, 'output') } } }
        : { description: `header.code ${call.successCode}`, content: { 'application/json': { schema: json(envelopeSchema(call.response), 'output') } } };
    (paths[call.path] ??= {})[call.method.toLowerCase()] = {
      operationId: name,
      summary: call.summary,
      description: `Spec: ${call.spec}. Access: ${call.access}.${call.captcha ? ` Captcha action: ${call.captcha}.` : ''} Success header.code: ${call.successCode}.`,
      security: security(call),
      parameters,
      ...(call.body && call.method !== 'GET' ? { requestBody: { required: true, content: { 'application/json': { schema: json(call.body, 'input') } } } } : {}),
      responses: {
        [call.httpStatus]: success,
        default: { $ref: '#/components/responses/Error' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Panel API',
      version: '1',
      description: 'Every answer is an envelope { header: { code, status, message }, body }. Generated from packages/sdk/src/contract.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      responses: {
        Error: {
          description: 'An error: header.status is error (or forbidden when the session is gone)',
          content: { 'application/json': { schema: json(z.object({ header: headerSchema, body: errorBodySchema }), 'output') } },
        },
      },
    },
    paths,
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
