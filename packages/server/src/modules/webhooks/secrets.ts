/** Endpoint secrets: `whsec_` and 24 random bytes in base64 (the Standard Webhooks form). */
import { randomBytes } from 'node:crypto';
import { openKey, sealKey } from '../client-api/keys.js';

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Sealed under APP_SECRET like sandbox keys: a delivery must read the secret back to sign. */
export const sealSecret = (appSecret: string, resellerId: number, secret: string) => sealKey(appSecret, resellerId, secret);
export const openSecret = (appSecret: string, resellerId: number, sealed: string) => openKey(appSecret, resellerId, sealed);
