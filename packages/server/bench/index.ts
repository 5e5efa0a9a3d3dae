/**
 * `pnpm bench`: prints figures measured on this machine, each hot path beside its bare operation
 * measured in the same run. Pick sections with arguments: `pnpm bench auth`. `--quick` runs the
 * hot paths on small data (CI) and exits non-zero only on a gross regression (a ratio under its floor: half
 * its goal).
 */
import { authBench } from './auth.js';
import { hotBench } from './hot.js';
import { idleBench } from './idle.js';
import { realtimeBench } from './realtime.js';

const quick = process.argv.includes('--quick');
const sections: Record<string, () => Promise<unknown>> = { idle: idleBench, auth: authBench, realtime: realtimeBench, hot: () => hotBench(quick) };
const asked = process.argv.slice(2).filter((a) => a in sections);
const wanted = asked.length ? asked : quick ? ['hot'] : Object.keys(sections);
console.log(`Partner Panel benchmarks — node ${process.version}, ${new Date().toISOString()}`);
let regressions: string[] = [];
for (const name of wanted) {
  const out = await sections[name]?.();
  if (name === 'hot') regressions = out as string[];
}
if (regressions.length) {
  console.error(`\n✖ gross regression (a ratio under its floor):\n  ${regressions.join('\n  ')}`);
  process.exit(1);
}
process.exit(0);
