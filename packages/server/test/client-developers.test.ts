/**
 * docs/client-developers.md, step 4, verbatim: the product started with its start command prints
 * the demo reseller's sandbox key; the guide's webhook example runs with Node against it, in a
 * project of its own where `@partner-panel/sdk` is the built SDK, prints a verified delivery, and
 * leaves no endpoint behind.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PartnerPanel } from '@partner-panel/sdk';
import { startMain } from './support/process.js';

const guide = fileURLToPath(new URL('../../../docs/client-developers.md', import.meta.url));
const sdkDir = fileURLToPath(new URL('../../sdk', import.meta.url));

/** The code block between the guide's webhook markers. */
function webhookExample(): string {
  const block = /<!-- webhooks:start -->\s*```js\n([\s\S]*?)```\s*<!-- webhooks:end -->/.exec(readFileSync(guide, 'utf8'));
  if (!block?.[1]) throw new Error('the guide has no webhook example');
  return block[1];
}

describe('docs/client-developers.md', () => {
  it('step 4: from the printed sandbox key to a verified webhook', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pp-guide-data-'));
    chmodSync(dataDir, 0o755);
    const project = mkdtempSync(join(tmpdir(), 'pp-guide-'));
    mkdirSync(join(project, 'node_modules', '@partner-panel'), { recursive: true });
    symlinkSync(sdkDir, join(project, 'node_modules', '@partner-panel', 'sdk'));
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    });
    const main = await startMain({ DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: dataDir, NODE_ENV: 'development' }, 120_000);
    try {
      const key = /Sandbox API key of reseller@demo\.partner-panel\.test: (sk_test_[0-9A-Za-z]{40})/.exec(main.output)?.[1];
      expect(key, main.output).toBeDefined();
      writeFileSync(join(project, 'webhooks.mjs'), webhookExample());
      const { stdout } = await promisify(execFile)(process.execPath, ['webhooks.mjs'], {
        cwd: project,
        env: { PATH: process.env.PATH, PARTNER_PANEL_URL: main.url, PARTNER_PANEL_SECRET_KEY: key },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(stdout).toMatch(/^Endpoint \d+ receives 3 event types\.$/m);
      expect(stdout).toMatch(/^Verified vpn_user\.created for user hooked-\d+ \(evt_[A-Za-z0-9_-]{20}\)\.$/m);
      // Nothing left behind: the endpoint the example made is gone, so no later event is retried against its closed port.
      const id = /^Endpoint (\d+) receives/m.exec(stdout)?.[1];
      expect(stdout).toMatch(new RegExp(`^Endpoint ${id} deleted\\.$`, 'm'));
      const pp = new PartnerPanel({ secretKey: key as string, baseUrl: main.url, maxRetries: 0 });
      expect(await pp.webhookEndpoints.list()).toEqual([]);
    } finally {
      await main.stop();
    }
  }, 180_000);
});
