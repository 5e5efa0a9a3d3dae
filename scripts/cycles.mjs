// No import circles in any package, type-only imports included: a circle makes module order matter
// and hides which of two modules owns a type. madge reads each package with its own tsconfig.
import { execFileSync } from 'node:child_process';

for (const pkg of ['sdk', 'data-provider', 'server', 'portal', 'redeem-widget']) {
  const args = ['exec', 'madge', '--circular', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', `packages/${pkg}/tsconfig.json`, `packages/${pkg}/src`];
  try {
    execFileSync('pnpm', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    console.error(`Import circles in packages/${pkg}/src (above): move the shared type or helper into a module both can import.`);
    process.exit(1);
  }
}
