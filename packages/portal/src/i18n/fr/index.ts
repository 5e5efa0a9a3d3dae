/**
 * What the signed-in first screen reads in French, in the pattern of ../en/index.ts: react-admin's
 * own strings, the signed-out pages', the shell's, the dashboard's and the coupon list's.
 * The other areas are ./rest.ts, fetched after the first screen.
 */
import { assemble } from '../assemble';
import frenchMessages from 'ra-language-french';
import { publicPp } from './public';
import { shell } from './shell';
import { coupons } from './coupons';
import { dashboard } from './dashboard';
import { preferences } from './preferences';
import { reactAdmin } from './react-admin';

export const messages = assemble({
  ra: { package: frenchMessages, ours: reactAdmin },
  pp: [publicPp, shell, coupons, dashboard, preferences],
});
