/** The rest of the Spanish catalogue (../en/rest.ts): the areas no first screen reads. */
import { vpn } from './vpn';
import { account } from './account';
import { generate } from './generate';
import { users } from './users';
import { integration } from './integration';
import { billing } from './billing';
import { team } from './team';
import { operator } from './operator';
import { programme } from './programme';
import { programmeDashboard } from './programme-dashboard';
import { resources } from './resources';

export const messages = { resources, pp: { ...account, ...generate, ...vpn, ...users, ...integration, ...billing, ...team, ...operator, ...programme, ...programmeDashboard } };
