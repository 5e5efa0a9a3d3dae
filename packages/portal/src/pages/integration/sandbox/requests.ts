/**
 * What each endpoint is sent: the example request of its curl command, and the values its Try it
 * out form starts with — the page's sandbox key, the refresh token and the user of earlier answers,
 * so the panels can be tried in order without copying anything.
 */
import { contract } from '@partner-panel/sdk';
import { KEY_PLACEHOLDER } from '../secretKeys';
import { ENDPOINTS, type EndpointSlug } from './endpoints';

/** What earlier answers on the page told: the tokens, and the last user made or found. */
export interface Trail {
  refreshToken: string | null;
  user: { userId: number; email: string } | null;
}

const EXAMPLE_USER_ID = 1_000_000_000;
export const EXAMPLE_PASSWORD = 'Str0ng!Passw0rd';

/** The form's first values; `null` where the value must come from the developer. */
export function formDefaults(slug: EndpointSlug, key: string | null, trail: Trail): Record<string, string | number> {
  const userId = trail.user?.userId ?? '';
  switch (slug) {
    case 'generate':
      return { secretKey: key ?? '' };
    case 'refresh':
      return { refreshToken: trail.refreshToken ?? '' };
    case 'create':
      return { username: 'first-user', password: EXAMPLE_PASSWORD, email: 'first-user@example.com' };
    case 'search':
      return { query: trail.user?.email ?? 'first-user@example.com' };
    case 'update-email':
      return { userId, newEmail: 'new-address@example.com' };
    case 'update-password':
      return { userId, oldPassword: EXAMPLE_PASSWORD, newPassword: 'N3w!Passw0rd.2026' };
    case 'update-status':
      return { userId, status: 'suspended' };
    case 'delete':
      return { userId };
    case 'balance':
      return {};
  }
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

// Node is all a client developer is sure to have beside curl: no jq, no uuidgen (absent on many
// machines, where the header would go out empty and the call would not be idempotent).
const READ_TOKEN = `node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8')).body.AccessToken"`;
const NEW_UUID = `$(node -e "console.log(crypto.randomUUID())")`;

/** The example curl command, with the sandbox key filled in (or its placeholder). */
export function curlCommand(slug: EndpointSlug, origin: string, key: string | null, trail: Trail): string {
  const endpoint = ENDPOINTS[slug];
  const call = contract[endpoint.call];
  const secretKey = key ?? KEY_PLACEHOLDER;
  const example = { ...formDefaults(slug, key, trail) } as Record<string, string | number>;
  if (slug === 'generate') example.secretKey = secretKey;
  if (slug === 'refresh' && !trail.refreshToken) example.refreshToken = '$REFRESH_TOKEN';
  if ('userId' in example && example.userId === '') example.userId = EXAMPLE_USER_ID;

  const lines: string[] = [];
  if (endpoint.auth === 'token') {
    lines.push(
      '# An access token from your sandbox key (valid for an hour)',
      `TOKEN=$(curl -s -X POST ${origin}${contract.clientGenerateToken.path} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d ${quote(JSON.stringify({ secretKey }))} | ${READ_TOKEN})`,
      '',
    );
  }
  const parts = [call.method === 'GET' ? `curl${Object.keys(example).length ? ' -G' : ''} ${origin}${call.path}` : `curl -X ${call.method} ${origin}${call.path}`];
  if (endpoint.auth === 'token') parts.push(`-H "Authorization: Bearer $TOKEN"`);
  if (call.method === 'GET') {
    for (const [name, value] of Object.entries(example)) parts.push(`--data-urlencode ${quote(`${name}=${value}`)}`);
  } else {
    parts.push(`-H 'Content-Type: application/json'`);
    if (endpoint.auth === 'token') parts.push(`-H "Idempotency-Key: ${NEW_UUID}"`);
    parts.push(`-d ${quote(JSON.stringify(example))}`);
  }
  lines.push(parts.join(' \\\n  '));
  return lines.join('\n');
}
