import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract } from '../src/index.js';
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
});
