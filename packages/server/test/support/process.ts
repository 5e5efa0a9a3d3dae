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
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
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
    async stop() {
      if (main.exitCode === null && main.signal === null) {
        child.kill('SIGTERM');
        await main.exited;
      }
    },
  };
  child.stdout?.on('data', (d: Buffer) => (main.output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (main.output += d.toString()));
  const started = Date.now();
  // main prints its whole banner at once, ending with an empty line.
  while (!/Partner Panel is running at [\s\S]*\n\n/.test(main.output)) {
    if (main.exitCode !== null || main.signal !== null) throw new Error(`the server exited (${main.exitCode ?? main.signal}):\n${main.output}`);
    if (Date.now() - started > timeoutMs) {
      await main.stop();
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${main.output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
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
