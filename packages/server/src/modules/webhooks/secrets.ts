/** Endpoint secrets: `whsec_` and 24 random bytes in base64 (the Standard Webhooks form). */
import { randomBytes } from 'node:crypto';
import { boundToReseller, seal, unseal } from '../../sealing.js';

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * Sealed under a purpose of their own (a delivery must read the secret back to sign); those sealed
 * before it, under the sandbox key's purpose, still open (sealing.ts, `formerly`).
 */
export const sealSecret = (appSecret: string, resellerId: number, secret: string) => seal(appSecret, 'webhookSecret', boundToReseller(resellerId), secret);
export const openSecret = (appSecret: string, resellerId: number, sealed: string) => unseal(appSecret, 'webhookSecret', boundToReseller(resellerId), sealed);
