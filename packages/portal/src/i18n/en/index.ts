/**
 * Every string the portal shows in English. react-admin's own strings come from
 * ra-language-english; ours live under `pp`, one file per area of the spec; the form rules',
 * refusals' and answers' sentences come from the contract, so the server and the portal say the
 * same words. Another language has a folder of its own with the same files (docs/portal.md, "How to
 * add a language").
 */
import englishMessages from 'ra-language-english';
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

/** English, typed key by key: the pattern of every other language. */
export const en = assemble({
  ra: { package: englishMessages, ours: reactAdmin },
  resources,
  pp: [pp],
  validation,
  refusals,
  successes: successSentences,
}) as unknown as {
  ra: typeof englishMessages.ra;
  resources: typeof resources;
  pp: typeof pp & { validation: typeof validation; refusals: typeof refusals; successes: typeof successSentences };
};

export const messages = en;
