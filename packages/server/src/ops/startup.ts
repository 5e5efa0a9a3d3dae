/**
 * Start-up failures a person can act on: each one ends in one sentence that names the cause and
 * the setting or step that fixes it, never a stack trace.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A start-up failure already told as a sentence for the person starting the server. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? /\b(E[A-Z]{4,})\b/.exec(String((error as Error)?.message))?.[1];

/** The data folder must be creatable and writable before the embedded database is tried in it. */
export function checkDataDir(dataDir: string) {
  const dir = resolve(dataDir);
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(
      `The data folder ${dir} cannot be written (${code(error) ?? (error as Error).message}): set DATA_DIR to a folder this user can write, or DATABASE_URL to use an external PostgreSQL.`,
      { cause: error },
    );
  }
}

/** A listen that failed: the port's setting named when the port is taken or not ours to use. */
export function listenFailure(error: unknown, what: string, setting: 'PORT' | 'REALTIME_PORT', port: number, host: string): StartupError {
  const reason = code(error);
  if (reason === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} on ${host} (${what}) is already in use, by another copy of Partner Panel or another program: stop it, or set ${setting} to a free port.`,
      { cause: error },
    );
  }
  if (reason === 'EACCES') {
    return new StartupError(`Port ${port} on ${host} (${what}) needs privileges this user does not have: set ${setting} to a port above 1023.`, { cause: error });
  }
  if (reason === 'EADDRNOTAVAIL') {
    const hostSetting = setting === 'PORT' ? 'HOST' : 'REALTIME_HOST';
    return new StartupError(`The address ${host} (${what}) is not one of this machine's: set ${hostSetting} to one of its addresses.`, { cause: error });
  }
  return new StartupError(`The ${what} could not listen on ${host}:${port} (${(error as Error).message}): check ${setting} and HOST.`, { cause: error });
}

/** The database did not open: the embedded one did not start, or the external one is out of reach. */
export function databaseFailure(error: unknown, external: boolean): StartupError {
  if (error instanceof StartupError) return error;
  const message = (error as Error)?.message ?? String(error);
  if (external) {
    return new StartupError(`The PostgreSQL at DATABASE_URL could not be used (${message.split('\n')[0]}): start it, or correct DATABASE_URL.`, { cause: error });
  }
  // The embedded module's messages already name the cause; they become the sentence's reason.
  return new StartupError(
    `The embedded PostgreSQL did not start: ${message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')}. Fix the cause above, set DATA_DIR to another folder, or set DATABASE_URL to use an external PostgreSQL.`,
    { cause: error },
  );
}

/** One sentence for any start-up failure (an unforeseen one keeps its own message). */
export function explainStartupFailure(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const message = (error as Error)?.message ?? String(error);
  if (message.startsWith('Invalid configuration')) return `Partner Panel cannot start: ${message}`;
  return `Partner Panel could not start: ${message}`;
}

/**
 * The libraries a process needs only for some calls (Stripe's, pdfkit, WebAuthn's) are imported on
 * first use, which keeps them out of the start-up a restart waits for; once the server listens they
 * are loaded in the background, so that the first payment, invoice or passkey does not wait either.
 */
export function warmUpLibraries(log: { warn(obj: unknown, msg?: string): void }) {
  setImmediate(() => {
    Promise.all([import('stripe'), import('pdfkit'), import('@simplewebauthn/server')]).catch((error: unknown) => log.warn({ err: error }, 'a library failed to load'));
  });
}
