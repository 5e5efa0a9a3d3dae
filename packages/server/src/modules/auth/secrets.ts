/** Random tokens and their stored form: at least 128 random bits, only a SHA-256 kept. */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
