/**
 * What the signed-in first screen reads in Arabic, in the pattern of ../en/index.ts: react-admin's
 * own strings, the signed-out pages', the shell's, the dashboard's and the coupon list's.
 * The other areas are ./rest.ts, fetched after the first screen.
 */
import { assemble } from '../assemble';
import { publicPp } from './public';
import { shell } from './shell';
import { coupons } from './coupons';
import { dashboard } from './dashboard';
import { preferences } from './preferences';
import { reactAdmin } from './react-admin';

export const messages = assemble({
  ra: { package: undefined, ours: reactAdmin },
  pp: [publicPp, shell, coupons, dashboard, preferences],
});
