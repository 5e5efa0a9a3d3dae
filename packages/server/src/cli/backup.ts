/**
 * `pnpm backup [file]` and `pnpm restore <file>`: the database the server uses (DATABASE_URL, or
 * the embedded one in DATA_DIR, running or not) to a file and back. A backup taken while the
 * server runs is consistent; restore replaces everything in one transaction, so stop the server
 * first (its sessions and caches would otherwise outlive the data they describe).
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from '../ops/backup.js';
import { explainStartupFailure } from '../ops/startup.js';

// Run through pnpm, paths are the caller's: the folder `pnpm backup` was typed in.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const [command, file] = process.argv.slice(2);
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
try {
  const config = loadConfig();
  if (command === 'backup') {
    const target = resolve(file ?? `partner-panel-${stamp}.dump`);
    await backup(config, target);
    console.log(`Backed up the database to ${target}. Restore it with: pnpm restore ${target}`);
  } else if (command === 'restore' && file) {
    await restore(config, resolve(file));
    console.log(`Restored the database from ${resolve(file)}.`);
  } else {
    console.error('Usage: pnpm backup [file] | pnpm restore <file>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(explainStartupFailure(error));
  process.exitCode = 1;
}
