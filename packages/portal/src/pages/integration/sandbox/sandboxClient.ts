/**
 * Try it out calls the real sandbox from the page, as a client developer's code would: the SDK's
 * PartnerPanel with the sandbox key (it makes and renews the tokens), and the SDK's client for the
 * two token calls. A recording fetch keeps the last HTTP answer, so the page shows the real status
 * and envelope — of a refusal too — rather than what the SDK made of it.
 */
import { PartnerPanel, createClient, type Client } from '@partner-panel/sdk';
import type { EndpointSlug } from './endpoints';

export interface Exchange {
  method: string;
  path: string;
  status: number;
  statusText: string;
  body: unknown;
}

export interface SandboxClient {
  run(slug: EndpointSlug, values: Record<string, unknown>): Promise<Exchange | { failure: string }>;
}

export function sandboxClient(key: string | null, origin = window.location.origin): SandboxClient {
  let last: Exchange | null = null;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, origin);
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): shown as it came.
    }
    last = { method: init?.method ?? 'GET', path: url.pathname + url.search, status: response.status, statusText: response.statusText, body };
    return response;
  };
  // No retries: each press of Try it out is one request, and its answer is the one shown.
  const options = { baseUrl: origin, fetch: recording, maxRetries: 0 };
  const tokens: Client = createClient({ ...options, log: () => undefined });
  const panel = key ? new PartnerPanel({ ...options, secretKey: key }) : null;

  async function send(slug: EndpointSlug, v: Record<string, unknown>): Promise<unknown> {
    if (slug === 'generate') return tokens.clientGenerateToken({ secretKey: v.secretKey as string });
    if (slug === 'refresh') return tokens.clientRefreshToken({ refreshToken: v.refreshToken as string });
    if (!panel) throw new Error('No sandbox key');
    const userId = v.userId as number;
    switch (slug) {
      case 'create':
        return panel.users.create({ username: v.username as string, password: v.password as string, email: v.email as string });
      case 'search':
        return panel.users.search(v.query as string);
      case 'update-email':
        return panel.users.updateEmail(userId, v.newEmail as string);
      case 'update-password':
        return panel.users.updatePassword(userId, v.oldPassword as string, v.newPassword as string);
      case 'update-status':
        return panel.users.updateStatus(userId, v.status as 'active' | 'suspended');
      case 'delete':
        return panel.users.delete(userId);
      case 'balance':
        return panel.balance();
    }
  }

  const answered = (): Exchange | null => last;

  return {
    async run(slug, values) {
      last = null;
      try {
        await send(slug, values);
      } catch (error) {
        // A refusal has its answer recorded; only a request that got no answer has none.
        const answer = answered();
        return answer ?? { failure: error instanceof Error ? error.message : String(error) };
      }
      return answered() ?? { failure: 'No answer' };
    },
  };
}
