/**
 * Start-up time on Node 22.15+ and 24: for every file it loads, Node's ES module resolver looks up
 * the package's package.json to learn the file's format, and deserialises it again each time. With
 * drizzle-orm (a 180 kB package.json, hundreds of files) that was most of a second of a restart on
 * this machine. Relative imports inside a package whose package.json says "type": "module" are
 * resolved here instead, with one read of that package.json per folder; everything else goes to
 * Node's resolver unchanged. Node 20 has no synchronous hooks and keeps its own resolver.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type ResolveResult = { url: string; format?: string | null | undefined; shortCircuit?: boolean };
type RegisterHooks = (hooks: {
  resolve(specifier: string, context: { parentURL?: string | undefined }, next: (specifier: string, context: unknown) => ResolveResult): ResolveResult;
}) => unknown;

/** Whether a folder's nearest package.json says "type": "module" (cached per folder). */
const esmFolders = new Map<string, boolean>();
function inModulePackage(folder: string): boolean {
  const known = esmFolders.get(folder);
  if (known !== undefined) return known;
  const manifest = join(folder, 'package.json');
  let answer: boolean;
  if (existsSync(manifest)) {
    try {
      answer = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
    } catch {
      answer = false;
    }
  } else {
    const parent = dirname(folder);
    answer = parent !== folder && inModulePackage(parent);
  }
  esmFolders.set(folder, answer);
  return answer;
}

export function speedUpModuleResolution() {
  const registerHooks = (module as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (!registerHooks) return;
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL;
      if ((specifier.startsWith('./') || specifier.startsWith('../')) && parent?.startsWith('file:') && parent.includes('/node_modules/') && specifier.endsWith('.js')) {
        const url = new URL(specifier, parent);
        const file = fileURLToPath(url);
        // The real path, as Node's resolver answers: a file reached twice is one module.
        if (existsSync(file) && inModulePackage(dirname(file))) return { url: pathToFileURL(realpathSync(file)).href, format: 'module', shortCircuit: true };
      }
      return next(specifier, context);
    },
  });
}
