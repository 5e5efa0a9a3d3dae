/** The operator's rule for second factors, apart from its account's making (which the team module does not need). */
import type { AppContext } from '../../context.js';

/**
 * Whether the operator's members must sign in with a second factor: always but with the demo data,
 * whose operator signs in with the demo password alone (the start banner says so).
 */
export const operatorNeedsTwoFactor = (config: Pick<AppContext['config'], 'demoData'>) => !config.demoData;
