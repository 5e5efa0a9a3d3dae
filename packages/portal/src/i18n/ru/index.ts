/**
 * Every string the portal shows in Russian. react-admin's own strings come from ra-language-russian,
 * under the ones we word ourselves (./react-admin); ours live under `pp`, one file per area of the
 * spec, typed against English's; the contract's sentences are in ./contract.
 */
import { assemble } from '../assemble';
import russianMessages from 'ra-language-russian';
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

export const messages = assemble({ ra: { package: russianMessages, ours: reactAdmin }, resources, pp: [pp], validation, refusals, successes: successSentences });
