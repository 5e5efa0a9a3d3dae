#!/usr/bin/env node
// `pnpm test`: build, static checks, then every test: unit, API and browser tests (Chromium, installed
// from Debian's packages when missing and allowed), on the embedded PostgreSQL 15; then the
// production rehearsal (packages/server/rehearsal: Debian's PostgreSQL 15 and Caddy, several
// processes, on the Node LTS the image ships); last, the quick bench prints the hot paths' ratios to
// their same-run ceilings and fails only on a gross regression (a run of chosen test files, or
// BENCH=0, skips it). `node scripts/test.mjs rehearsal` builds and runs the rehearsal alone.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nodeLts } from './node-lts.mjs';

const args = process.argv.slice(2);
const rehearsalOnly = args[0] === 'rehearsal';
const rehearsal = rehearsalOnly || args.length === 0;
const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

// What the tests need from Debian when it is missing: Chromium (browser tests) and PostgreSQL 15's
// client tools (pg_dump and pg_restore for the backup test; the embedded package ships none).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The rehearsal's PostgreSQL 15 server and Caddy come from Debian too.
const needed = [
  ...(rehearsalOnly || existsSync(chromium) ? [] : [['chromium', `Chromium at ${chromium} (or set CHROMIUM_PATH)`]]),
  ...(rehearsalOnly || existsSync('/usr/lib/postgresql/15/bin/pg_dump') || existsSync('/usr/bin/pg_dump') ? [] : [['postgresql-client-15', 'pg_dump and pg_restore of PostgreSQL 15']]),
  ...(!rehearsal || existsSync('/usr/lib/postgresql/15/bin/initdb') ? [] : [['postgresql-15', 'the PostgreSQL 15 server (the rehearsal)']]),
  ...(!rehearsal || onPath('caddy') ? [] : [['caddy', 'Caddy (the rehearsal)']]),
];
if (needed.length > 0) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`✖ The tests need ${needed.map(([, what]) => what).join(' and ')}: apt-get install ${needed.map(([name]) => name).join(' ')}.`);
    process.exit(1);
  }
  console.log(`▶ installing ${needed.map(([name]) => name).join(', ')} (apt-get)`);
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...needed.map(([name]) => name)]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

/** Open files the rehearsal's busiest process needs: 3 000 sockets, with room for the rest. */
const REHEARSAL_FILES = 8192;
const rehearsalStage = () => {
  let node;
  try {
    node = nodeLts();
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  const name = `production rehearsal (Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}, PostgreSQL 15, Caddy)`;
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'packages/server/rehearsal/vitest.config.ts'];
  // Its test process and one socket process each hold 3 000 sockets at once (the 2 000 clients and
  // the 1 000 that join): their open-file limit is raised to what that needs when it is lower.
  const [soft, hard] = spawnSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' }).stdout.trim().split('\n').map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  if (soft >= REHEARSAL_FILES) return [name, node, args];
  if (hard < REHEARSAL_FILES) {
    console.error(`✖ The production rehearsal opens ${REHEARSAL_FILES} files in one process and this shell allows ${hard} (ulimit -Hn): raise the hard limit.`);
    process.exit(1);
  }
  return [name, 'sh', ['-c', `ulimit -Sn ${REHEARSAL_FILES} && exec "$0" "$@"`, node, ...args]];
};

// A stage is one command, or several that read the tree without writing what the others read,
// run side by side (the machine has two cores, and each of these uses one).
const stages = rehearsalOnly ? [['build', 'pnpm', ['build']], rehearsalStage()] : [
  ['build', 'pnpm', ['build']],
  [
    'static checks',
    [
      ['lint', 'pnpm', ['lint']],
      // The server first: the packages whose tests start it read its declarations (project
      // references), so each source is checked once.
      ['typecheck', 'pnpm', ['typecheck:packages']],
      ['sdk package (publint, attw)', 'pnpm', ['--filter', '@partner-panel/sdk', 'check:pack']],
      // redocly.yaml makes every recommended rule an error: 0 errors and 0 warnings, or the run stops.
      ['OpenAPI lint (Redocly)', 'pnpm', ['exec', 'redocly', 'lint', 'docs/openapi.json']],
    ],
  ],
  ['tests', 'pnpm', ['exec', 'vitest', 'run', ...args]],
  ...(rehearsal ? [rehearsalStage()] : []),
  ...(args.length > 0 || process.env.BENCH === '0' ? [] : [['quick bench (ratios to same-run ceilings)', 'pnpm', ['bench', '--quick']]]),
];

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const times = [];
const fail = (name, status) => {
  console.error(`\n✖ ${name} failed (exit ${status})`);
  summary();
  process.exit(typeof status === 'number' ? status : 1);
};
function summary() {
  if (times.length === 0) return;
  console.log('\nstage times:');
  for (const [name, time] of times) console.log(`  ${time.padStart(7)} s  ${name}`);
  console.log(`  ${seconds(runStarted).padStart(7)} s  in all`);
}

/** Runs side by side, each one's output held and printed whole when it ends, so none interleave. */
function together(commands) {
  return Promise.all(
    commands.map(([name, command, args]) => {
      const started = Date.now();
      const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      return new Promise((resolve) => {
        child.on('close', (code, signal) => {
          console.log(`\n▶ ${name}`);
          process.stdout.write(Buffer.concat(output));
          const time = seconds(started);
          if (code === 0) console.log(`✔ ${name} (${time} s)`);
          times.push([`${name} (side by side)`, time]);
          resolve([name, code ?? signal]);
        });
      });
    }),
  );
}

const runStarted = Date.now();
for (const [name, command, args] of stages) {
  const started = Date.now();
  if (Array.isArray(command)) {
    console.log(`\n▶ ${name}: ${command.map(([part]) => part).join(', ')}, side by side`);
    const failed = (await together(command)).find(([, status]) => status !== 0);
    times.push([name, seconds(started)]);
    if (failed) fail(failed[0], failed[1]);
    continue;
  }
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  times.push([name, seconds(started)]);
  if (result.status !== 0) fail(name, result.status ?? result.signal);
  console.log(`✔ ${name} (${seconds(started)} s)`);
}
summary();
