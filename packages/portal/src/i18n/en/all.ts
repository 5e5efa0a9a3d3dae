/**
 * The whole English catalogue, typed key by key — the first screen's part (./index.ts) with the rest
 * (./rest.ts) laid over it, as the app has it once both are here — and the contract's sentences
 * (./contract.ts). The tests read it; the app fetches the parts.
 */
import type englishMessages from 'ra-language-english';
import { merge } from '../assemble';
import { messages as core } from './index';
import { messages as rest } from './rest';
import type { publicPp } from './public';
import type { shell } from './shell';
import type { coupons } from './coupons';
import type { dashboard } from './dashboard';
import type { account } from './account';
import type { preferences } from './preferences';
import type { resources } from './resources';

type Tree = Parameters<typeof merge>[0];

type Pp = typeof publicPp & typeof shell & typeof coupons & typeof dashboard & typeof account & typeof preferences & (typeof rest)['pp'];

export const en = merge(core as unknown as Tree, rest as unknown as Tree) as unknown as {
  ra: typeof englishMessages.ra;
  resources: typeof resources;
  pp: Pp;
};
