/**
 * The stored session (000 §3), on its own: the public pages and the route guards read it without
 * loading the SDK client and its contract, which ./providers brings with the signed-in app.
 */
import { browserStorage, createSession } from '@partner-panel/data-provider';

export const session = createSession(browserStorage());
