// Writes docs/openapi.json from the contract: `pnpm --filter @partner-panel/sdk openapi`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { callsTable, openApiDocument } from '../src/openapi.js';

const docs = (name: string) => fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url));
writeFileSync(docs('openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
writeFileSync(docs('api-calls.md'), callsTable());
console.log('wrote docs/openapi.json and docs/api-calls.md');
