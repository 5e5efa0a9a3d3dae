#!/usr/bin/env node
// `pnpm test`: build, static checks, then every test (unit, API on PGlite and PostgreSQL).
import { spawnSync } from 'node:child_process';

const stages = [
  ['build', 'pnpm', ['build']],
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['-r', 'typecheck']],
  ['sdk package (publint, attw)', 'pnpm', ['--filter', '@partner-panel/sdk', 'check:pack']],
  ['tests', 'pnpm', ['exec', 'vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, command, args] of stages) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
