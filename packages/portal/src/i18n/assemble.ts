/**
 * One language's catalogue of the first screen, from its parts: react-admin's own strings (its
 * ra-language-* package, where one exists, under the ones we word ourselves) and ours under `pp`,
 * one part per area of the spec. The rest (<locale>/rest.ts) is laid over it once fetched.
 */
import type { TranslationMessages } from 'ra-core';

type Tree = { [key: string]: string | Tree };

/** `over` laid on `base`, branch by branch. */
export function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = typeof value === 'object' && typeof under === 'object' ? merge(under, value) : value;
  }
  return out;
}

export interface Parts {
  /** react-admin's strings: a package's messages (or none), and ours laid over them. */
  ra: { package?: object | undefined; ours: object };
  /** Our areas, each an object of the `pp` namespace's top-level keys. */
  pp: object[];
}

export function assemble(parts: Parts): TranslationMessages {
  const base = ((parts.ra.package ?? {}) as { ra?: Tree }).ra ?? {};
  return { ra: merge(base, parts.ra.ours as Tree), pp: Object.assign({}, ...parts.pp) as Tree } as unknown as TranslationMessages;
}
