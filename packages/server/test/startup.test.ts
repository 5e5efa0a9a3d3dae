/**
 * The first command fails well: a busy port (HTTP or realtime), a data folder that cannot be
 * written and a database that will not start each end in one sentence naming the cause and the
 * setting that fixes it, a non-zero exit, and no PostgreSQL left running.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMainToExit } from './support/process.js';

/** A port another program holds. */
async function occupy(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/** Postgres processes whose working folder is inside the data folder (none must be left). */
function postgresUnder(dataDir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (/postgres/.test(cmd) && cmd.includes(dataDir)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The one sentence it printed: the text of its last non-empty line, with no stack trace anywhere. */
function sentence(output: string): string {
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return output.trim().split('\n').at(-1)?.trim() ?? '';
}

describe('a start that cannot succeed', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'pp-startup-'));
  chmodSync(scratch, 0o755);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const base = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: scratch, NODE_ENV: 'development' });

  it.each([
    ['PORT', 'the HTTP server', 'http'],
    ['REALTIME_PORT', 'the realtime socket server', 'realtime'],
  ] as const)('names %s when its port is taken (%s: a second copy, another program), exits non-zero and stops its PostgreSQL', async (setting, what, folder) => {
    const dataDir = join(scratch, folder);
    const { server, port } = await occupy();
    try {
      const { code, output } = await runMainToExit({ ...base(dataDir), [setting]: String(port) });
      expect(code).not.toBe(0);
      expect(sentence(output)).toBe(
        `Port ${port} on 127.0.0.1 (${what}) is already in use, by another copy of Partner Panel or another program: stop it, or set ${setting} to a free port.`,
      );
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(postgresUnder(dataDir)).toEqual([]);
    } finally {
      server.close();
    }
  }, 120_000);

  it('names DATA_DIR when the data folder cannot be written', async () => {
    // A regular file where a folder should be: no user, root included, can create the folder.
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    const { code, output } = await runMainToExit(base(dataDir));
    expect(code).not.toBe(0);
    expect(sentence(output)).toBe(
      `The data folder ${dataDir} cannot be written (ENOTDIR): set DATA_DIR to a folder this user can write, or DATABASE_URL to use an external PostgreSQL.`,
    );
  }, 60_000);

  it('says why the embedded database will not start, and names DATA_DIR', async () => {
    const dataDir = join(scratch, 'old-cluster');
    mkdirSync(join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '14\n');
    const { code, output } = await runMainToExit(base(dataDir));
    expect(code).not.toBe(0);
    const said = sentence(output);
    expect(said).toMatch(/^The embedded PostgreSQL did not start: .*holds a PostgreSQL 14 cluster; this server runs PostgreSQL 15.*set DATA_DIR to another folder, or set DATABASE_URL/);
    expect(postgresUnder(dataDir)).toEqual([]);
  }, 60_000);

  it('names DATABASE_URL when the external PostgreSQL cannot be reached', async () => {
    const { server, port } = await occupy();
    server.close(); // a port nobody listens on
    const { code, output } = await runMainToExit({ ...base(join(scratch, 'external')), DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none` });
    expect(code).not.toBe(0);
    expect(sentence(output)).toMatch(/^The PostgreSQL at DATABASE_URL could not be used \(.*ECONNREFUSED.*\): start it, or correct DATABASE_URL\.$/);
  }, 60_000);
});
