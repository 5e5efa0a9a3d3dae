/**
 * `pnpm bench`: prints figures measured on this machine. docs/performance.md records them as ratios
 * to the ceilings of the same machine. Pick sections with arguments: `pnpm bench auth`.
 */
import { authBench } from './auth.js';
import { couponsBench } from './coupons.js';
import { idleBench } from './idle.js';
import { realtimeBench } from './realtime.js';

const sections: Record<string, () => Promise<void>> = { idle: idleBench, auth: authBench, realtime: realtimeBench, coupons: couponsBench };
const wanted = process.argv.slice(2).filter((a) => a in sections);
console.log(`Partner Panel benchmarks — node ${process.version}, ${new Date().toISOString()}`);
for (const name of wanted.length ? wanted : Object.keys(sections)) await sections[name]?.();
process.exit(0);
