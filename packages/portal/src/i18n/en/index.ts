/**
 * What the signed-in first screen reads in English: react-admin's own strings (ra-language-english,
 * under ours), the signed-out pages', the shell's, the dashboard's and the coupon list's.
 * The other areas are ./rest.ts, fetched after the first screen (../catalogues.ts); ./all.ts is the
 * whole, typed key by key, the pattern of every other language (docs/portal.md, "How to add a
 * language"). The contract's sentences (./contract.ts) are fetched apart, for ../localise.ts.
 */
import englishMessages from 'ra-language-english';
import { assemble } from '../assemble';
import { publicPp } from './public';
import { shell } from './shell';
import { coupons } from './coupons';
import { dashboard } from './dashboard';
import { preferences } from './preferences';
import { reactAdmin } from './react-admin';

export const messages = assemble({
  ra: { package: englishMessages, ours: reactAdmin },
  pp: [publicPp, shell, coupons, dashboard, preferences],
});
