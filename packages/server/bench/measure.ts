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
  /** A latency goal for our p99 in ms, if any (printed; latency alone never fails a run). */
  p99Goal?: number;
  /**
   * Under this ratio the figure is a gross regression: half its goal, or, for a figure whose goal
   * is not met yet, a floor well under what it reaches today (docs/performance.md says which).
   */
  floor?: number;
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
  // A first, unrecorded run of ours: compiled code and warm connections, as in service.
  if (f.kind === 'rate') await ours();
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
  const floor = floorOf(f);
  const floorShown = floor === undefined ? '' : `; fails under ${f.kind === 'rate' ? floor : `${(1 / floor).toFixed(1)}×`}`;
  console.log(`    ratio    ${shown}${goal}${f.p99Goal !== undefined ? `; p99 goal ≤ ${f.p99Goal} ms` : ''}${floorShown}`);
}

export const floorOf = (f: Figure) => f.floor ?? (f.goal !== undefined ? f.goal / 2 : undefined);

/** Figures under their floor (half the goal unless said otherwise), or whose answers erred. */
export function grossRegressions(): string[] {
  const out: string[] = [];
  for (const f of figures) {
    const floor = floorOf(f);
    if (floor !== undefined && ratioOf(f) < floor) out.push(`${f.label}: ratio ${ratioOf(f).toFixed(2)} under its floor ${floor}`);
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
