/**
 * The server's entry (`node dist/main.js`): module resolution made quick first (a restart waits for
 * every import), then the server itself, whose imports all go through it.
 */
import { speedUpModuleResolution } from './ops/module-resolution.js';

speedUpModuleResolution();
await import('./server.js');
