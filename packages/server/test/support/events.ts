/**
 * The events a test file's flows wrote, checked against the published document: each as receivers
 * and the events API get it (presentEvent), validated with Ajv (JSON Schema 2020-12, as OpenAPI 3.1
 * uses) against its type's schema in docs/openapi.json's `webhooks`. Nothing here comes from the
 * zod contract, so the check holds the committed document and the server's payloads to each other.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import { presentEvent, type EventRow } from '../../src/modules/webhooks/delivery.js';
import type { TestDatabase } from './db.js';

interface Webhooks {
  [type: string]: { post: { requestBody: { content: { 'application/json': { schema: object } } } } };
}

const documentPath = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

/** The payload validator of each event type the document publishes. */
export function documentedEvents(): Map<string, ValidateFunction> {
  const { webhooks } = JSON.parse(readFileSync(documentPath, 'utf8')) as { webhooks: Webhooks };
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  return new Map(Object.entries(webhooks).map(([type, entry]) => [type, ajv.compile(entry.post.requestBody.content['application/json'].schema)]));
}

/** Why a payload is not what the document says its type is; null when it is. */
export function undocumented(validators: Map<string, ValidateFunction>, event: { type: string; [field: string]: unknown }): string | null {
  const validate = validators.get(event.type);
  if (!validate) return `${event.type}: no such type in the document's webhooks`;
  const valid: boolean = validate(event);
  if (valid) return null;
  return `${event.type}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`).join('; ')}`;
}

/** Every event of the database as delivered; throws naming each one the document does not describe. Answers the types seen. */
export async function expectEventsDocumented(database: TestDatabase): Promise<Set<string>> {
  const validators = documentedEvents();
  const { rows } = (await database.db.execute(sql`select id, type, mode, data, created_at from events order by seq`)) as unknown as { rows: EventRow[] };
  const wrong = rows.map((row) => undocumented(validators, presentEvent(row))).filter((why): why is string => why !== null);
  if (wrong.length) throw new Error(`events unlike docs/openapi.json's webhooks:\n${wrong.join('\n')}`);
  return new Set(rows.map((row) => row.type));
}

/** The invoice.* events of one invoice, oldest first: each type with the status it reported. */
export async function invoiceEvents(database: TestDatabase, invoiceId: number): Promise<[string, string][]> {
  const { rows } = (await database.db.execute(
    sql`select type, data->'object'->>'status' as status from events
        where type like 'invoice.%' and (data->'object'->>'id')::int = ${invoiceId} order by seq`,
  )) as unknown as { rows: { type: string; status: string }[] };
  return rows.map((r) => [r.type, r.status]);
}
