/**
 * Every string the portal shows in Modern Standard Arabic, shown right to left. react-admin's own
 * strings are ours (react-admin.ts: no package serves this language); ours live under `pp`, one file
 * per area of the spec; the contract's sentences are in contract.ts. The same files as en/.
 */
import { assemble } from '../assemble';
import { publicPp } from './public';
import { shell } from './shell';
import { coupons } from './coupons';
import { vpn } from './vpn';
import { users } from './users';
import { dashboard } from './dashboard';
import { integration } from './integration';
import { account } from './account';
import { billing } from './billing';
import { team } from './team';
import { operator } from './operator';
import { programme } from './programme';
import { programmeDashboard } from './programme-dashboard';
import { preferences } from './preferences';
import { resources } from './resources';
import { reactAdmin } from './react-admin';
import { refusals, successSentences, validation } from './contract';

const pp = { ...publicPp, ...shell, ...coupons, ...vpn, ...users, ...dashboard, ...integration, ...account, ...billing, ...team, ...operator, ...programme, ...programmeDashboard, ...preferences };

export const messages = assemble({ ra: { package: undefined, ours: reactAdmin }, resources, pp: [pp], validation, refusals, successes: successSentences });
