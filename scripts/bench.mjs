#!/usr/bin/env node
// `pnpm bench`: the server's figures (each hot path beside its bare operation, measured in the same
// run), then the portal's and the redeem page's as a browser receives them. `pnpm bench --quick`
// runs the hot paths on small data only (CI) and fails only on a gross regression.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = [['--filter', '@partner-panel/server', 'bench', ...args]];
if (!quick && !args.some((a) => !a.startsWith('--'))) {
  runs.push(['--filter', '@partner-panel/portal', 'bench'], ['--filter', '@partner-panel/redeem-widget', 'bench']);
}
for (const run of runs) {
  const result = spawnSync('pnpm', run, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
