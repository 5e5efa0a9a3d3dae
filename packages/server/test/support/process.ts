/** The server as its own process (`src/main.ts`), the way `pnpm start` runs it, on ports the system picks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../src/config.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface MainProcess {
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output: string;
  /** Its URL, as printed. */
  url: string;
  /** The port of its embedded socket server (0 with the pusher driver). */
  realtimePort: number;
  exited: Promise<void>;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`, so a hung shutdown cannot hold a teardown). */
  stop(graceMs?: number): Promise<void>;
}

export async function startMain(env: Env & Record<string, string>, timeoutMs = 60_000, args: string[] = []): Promise<MainProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', REALTIME_PORT: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const main: MainProcess = {
    child,
    output: '',
    url: '',
    realtimePort: 0,
    exitCode: null,
    signal: null,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        main.exitCode = code;
        main.signal = signal;
        resolve();
      }),
    ),
    async stop(graceMs = 15_000) {
      if (main.exitCode === null && main.signal === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await main.exited;
        clearTimeout(timer);
      }
    },
  };
  child.stdout?.on('data', (d: Buffer) => (main.output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (main.output += d.toString()));
  // main prints its whole banner at once, ending with an empty line: waited for as output arrives.
  const banner = /Partner Panel is running at [\s\S]*\n\n/;
  const outcome = await new Promise<'started' | 'exited' | 'timeout'>((resolve) => {
    const check = () => banner.test(main.output) && done('started');
    const onExit = () => done('exited');
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    function done(how: 'started' | 'exited' | 'timeout') {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', onExit);
      resolve(how);
    }
    // Listeners added after the ones that collect the output, so the check sees each chunk.
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', onExit);
  });
  if (outcome === 'exited') throw new Error(`the server exited (${main.exitCode ?? main.signal}):\n${main.output}`);
  if (outcome === 'timeout') {
    await main.stop();
    throw new Error(`the server did not start in ${timeoutMs} ms:\n${main.output}`);
  }
  main.url = /Partner Panel is running at (\S+)/.exec(main.output)?.[1] ?? '';
  main.realtimePort = Number(/Realtime \(Pusher protocol\): ws:\/\/[^:]+:(\d+)/.exec(main.output)?.[1] ?? 0);
  return main;
}

/** Runs main expecting it not to start: answers its exit code and everything it printed. */
export async function runMainToExit(env: Env & Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', REALTIME_PORT: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}
