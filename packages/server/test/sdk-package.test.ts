/**
 * The SDK served by the server for `npm install <url>`: the file `pnpm pack` makes, under its own
 * versioned name, with the package inside; any other name is a 404 envelope.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SDK_PACKAGE_PREFIX, sdkPackageName } from '@partner-panel/sdk';
import { testApp } from './support/app.js';

const sdkDir = fileURLToPath(new URL('../../sdk/', import.meta.url));
const { name, version } = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { name: string; version: string };

// What the SDK's build leaves in packages/sdk/pack, made here in a folder of the test's own.
const packDir = mkdtempSync(join(tmpdir(), 'pp-sdk-pack-'));
execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: sdkDir, stdio: 'pipe' });
const t = await testApp({ env: { SDK_PACKAGE_DIR: packDir } });

describe('GET /api/sdk/<file>', () => {
  it('answers the packed SDK of this version, a gzip tarball npm installs', async () => {
    expect(readdirSync(packDir)).toEqual([sdkPackageName(version)]);
    const res = await t.app.inject({ method: 'GET', url: `${SDK_PACKAGE_PREFIX}${sdkPackageName(version)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(readFileSync(join(packDir, sdkPackageName(version))))).toBe(true);

    const saved = join(mkdtempSync(join(tmpdir(), 'pp-sdk-got-')), 'sdk.tgz');
    writeFileSync(saved, res.rawPayload);
    const listed = execFileSync('tar', ['-tzf', saved], { encoding: 'utf8' }).split('\n');
    expect(listed).toEqual(expect.arrayContaining(['package/package.json', 'package/dist/index.js', 'package/dist/cjs/index.js', 'package/README.md']));
    const inside = JSON.parse(execFileSync('tar', ['-xOzf', saved, 'package/package.json'], { encoding: 'utf8' })) as { name: string; version: string };
    expect(inside).toMatchObject({ name, version });
  });

  it('answers a 404 envelope for any other name', async () => {
    for (const file of ['partner-panel-sdk-0.0.1.tgz', 'package.json', '..%2Fpackage.json', 'partner-panel-sdk-1.0.0.tgz.br']) {
      const res = await t.app.inject({ method: 'GET', url: `${SDK_PACKAGE_PREFIX}${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().header.message, file).toBe('The requested resource was not found.');
    }
  });
});
