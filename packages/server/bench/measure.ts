/**
 * Same-run ceilings: each figure is measured in rounds alternating with the bare operation it is
 * judged against (same data, same pool, same moment of a shared machine), and printed with the
 * median, the spread and the ratio. A figure whose ratio falls under half its goal is a gross
 * regression: `--quick` (CI) then exits non-zero; noise within that margin never does.
 */
import autocannon from 'autocannon';

export interface Sample {
  /** Operations per second, or milliseconds for a timed operation. */
  value: number;
  p50?: number;
  p99?: number;
  errors?: number;
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Requests per second and latency of an HTTP call, autocannon in this process. */
export async function http(options: autocannon.Options): Promise<Sample> {
  const r = await autocannon({ connections: 10, ...options });
  return { value: r.requests.total / ((options.duration as number) ?? 10), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** The same for a bare operation: `connections` workers calling it back to back for `seconds`. */
export async function bare(op: () => Promise<unknown>, connections: number, seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await op();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { value: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

/** Milliseconds one call takes. */
export async function timed(op: () => Promise<unknown>): Promise<Sample> {
  const started = performance.now();
  await op();
  return { value: performance.now() - started };
}

export interface Figure {
  label: string;
  ours: Sample[];
  ceiling: Sample[];
  ceilingLabel: string;
  /** 'rate': higher is better (ratio ours/ceiling); 'time': lower is better (ratio ceiling/ours). */
  kind: 'rate' | 'time';
  /** The ratio the issue asks for, if any (for a time, the fraction: ≤ 2× → 0.5). */
  goal?: number;
  /** A latency goal for our p99 in ms, if any. */
  p99Goal?: number;
}

export const figures: Figure[] = [];

const fmt = (n: number, kind: 'rate' | 'time') => (kind === 'rate' ? `${Math.round(n).toLocaleString('en-US')}/s` : `${n.toFixed(0)} ms`);
const spread = (xs: number[], kind: 'rate' | 'time') => `${fmt(Math.min(...xs), kind)}–${fmt(Math.max(...xs), kind)}`;

/** Measures `rounds` pairs (ours, then the ceiling), prints the figure and keeps it for the verdict. */
export async function compare(
  f: Omit<Figure, 'ours' | 'ceiling'>,
  rounds: number,
  ours: () => Promise<Sample>,
  ceiling: () => Promise<Sample>,
): Promise<Figure> {
  const figure: Figure = { ...f, ours: [], ceiling: [] };
  for (let i = 0; i < rounds; i++) {
    figure.ours.push(await ours());
    figure.ceiling.push(await ceiling());
  }
  figures.push(figure);
  print(figure);
  return figure;
}

export function ratioOf(f: Figure) {
  const o = median(f.ours.map((s) => s.value));
  const c = median(f.ceiling.map((s) => s.value));
  return f.kind === 'rate' ? o / c : c / o;
}

const p99Of = (f: Figure) => median(f.ours.map((s) => s.p99 ?? 0));

function print(f: Figure) {
  const o = f.ours.map((s) => s.value);
  const c = f.ceiling.map((s) => s.value);
  const ratio = ratioOf(f);
  const latency = f.ours[0]?.p99 !== undefined ? `, p50 ${median(f.ours.map((s) => s.p50 ?? 0)).toFixed(1)} ms, p99 ${p99Of(f).toFixed(1)} ms` : '';
  const errors = f.ours.reduce((n, s) => n + (s.errors ?? 0), 0);
  const goal = f.goal !== undefined ? ` (goal ${f.kind === 'rate' ? `≥ ${f.goal}` : `≤ ${(1 / f.goal).toFixed(1)}×`})` : '';
  console.log(`  ${f.label}`);
  console.log(`    ours     median ${fmt(median(o), f.kind)} [${spread(o, f.kind)}]${latency}${errors ? `, ERRORS ${errors}` : ''}`);
  const cLatency = f.ceiling[0]?.p99 !== undefined ? `, p99 ${median(f.ceiling.map((s) => s.p99 ?? 0)).toFixed(1)} ms` : '';
  console.log(`    ceiling  median ${fmt(median(c), f.kind)} [${spread(c, f.kind)}]${cLatency}  ← ${f.ceilingLabel}`);
  const shown = f.kind === 'rate' ? ratio.toFixed(2) : `${(1 / ratio).toFixed(2)}× the ceiling's time`;
  console.log(`    ratio    ${shown}${goal}${f.p99Goal !== undefined ? `; p99 goal ≤ ${f.p99Goal} ms` : ''}`);
}

/** Figures that fell under half their goal (or whose p99 is over twice its goal), or that erred. */
export function grossRegressions(): string[] {
  const out: string[] = [];
  for (const f of figures) {
    if (f.goal !== undefined && ratioOf(f) < f.goal / 2) out.push(`${f.label}: ratio ${ratioOf(f).toFixed(2)} under half its goal ${f.goal}`);
    if (f.p99Goal !== undefined && p99Of(f) > f.p99Goal * 2) out.push(`${f.label}: p99 ${p99Of(f).toFixed(1)} ms over twice its goal ${f.p99Goal} ms`);
    if (f.ours.some((s) => (s.errors ?? 0) > 0)) out.push(`${f.label}: errors in our answers`);
  }
  return out;
}

/** A one-line table of every figure, for docs/performance.md. */
export function summary() {
  console.log('\n  | figure | ours (median) | ceiling (median) | ratio | goal |');
  for (const f of figures) {
    const ratio = ratioOf(f);
    const goal = f.goal === undefined ? '—' : f.kind === 'rate' ? `≥ ${f.goal}` : `≤ ${(1 / f.goal).toFixed(0)}×`;
    const shown = f.kind === 'rate' ? ratio.toFixed(2) : `${(1 / ratio).toFixed(2)}×`;
    console.log(`  | ${f.label} | ${fmt(median(f.ours.map((s) => s.value)), f.kind)} | ${fmt(median(f.ceiling.map((s) => s.value)), f.kind)} | ${shown} | ${goal}${f.p99Goal ? `, p99 ≤ ${f.p99Goal} ms` : ''} |`);
  }
}
