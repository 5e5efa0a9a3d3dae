/** Password hashing: argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is ambient const, so its value is written out.
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the account does not exist keeps the answer time the same. */
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-1A!');
  await verifyPassword(await dummy, password);
}
