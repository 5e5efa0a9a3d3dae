/** Who a client-API call acts for: the secret key's reseller, its mode and the token it presented. Kept apart from the token code so the app's context can name it without importing that code. */
import type { KeyMode } from '@partner-panel/sdk';

export interface ClientPrincipal {
  keyId: number;
  mode: KeyMode;
  tokenId: number;
  reseller: { id: number; name: string; status: number; isAdmin: false };
}
