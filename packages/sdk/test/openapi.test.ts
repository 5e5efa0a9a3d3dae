import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, contract } from '../src/index.js';
import { callsTable, openApiDocument } from '../src/openapi.js';

describe('docs/openapi.json', () => {
  it('is generated from the current contract (run `pnpm --filter @partner-panel/sdk openapi`)', () => {
    const committed = readFileSync(fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url)), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('docs/api-calls.md lists every call of the current contract', () => {
    const committed = readFileSync(fileURLToPath(new URL('../../../docs/api-calls.md', import.meta.url)), 'utf8');
    expect(committed).toBe(callsTable());
  });

  it('documents every call', () => {
    const doc = openApiDocument();
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(Object.keys(contract).length);
  });

  it('publishes every event type under webhooks, the event as the request body, and docs/api.md lists each', () => {
    const { webhooks } = openApiDocument();
    const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];
    expect(Object.keys(webhooks).sort()).toEqual([...types].sort());
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...types].sort());
    for (const type of types) {
      const schema = webhooks[type]?.post.requestBody.content['application/json'].schema as { properties: { type: { const: string } } };
      expect(schema.properties.type.const).toBe(type);
    }
    const api = readFileSync(fileURLToPath(new URL('../../../docs/api.md', import.meta.url)), 'utf8');
    const catalogue = api.slice(api.indexOf('| type | `data.object` | sent when |'));
    for (const type of types) {
      const [group, name] = type.split('.');
      expect(catalogue.includes(`\`${type}\``) || catalogue.includes(`\`${group}.`) && catalogue.includes(`\`.${name}\``)).toBe(true);
    }
  });
});
