/**
 * The pseudo-locale (issue 36): English with every sentence wrapped in ⟦…⟧, its letters accented and
 * a third longer, placeholders and plural forms kept. A screen shown in it tells at a glance a text
 * that came from no catalogue (no brackets) and a control too narrow for a longer language (clipped).
 * It is never offered: e2e/pseudo-locale.test.ts sets `pp.pseudo` on the browser to turn it on.
 */
const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', c: 'ç', n: 'ñ', y: 'ý' };

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

let on: boolean | undefined;
/** Whether this browser asked for the pseudo-locale. */
export function pseudoLocale(): boolean {
  if (on === undefined) {
    try {
      on = typeof localStorage !== 'undefined' && localStorage.getItem('pp.pseudo') === '1';
    } catch {
      on = false;
    }
  }
  return on;
}

function form(text: string): string {
  if (!text.trim()) return text;
  const parts = text.split(/(%\{\w+\})/);
  const accented = parts.map((part) => (part.startsWith('%{') ? part : part.replace(/[aeiouAEIOUcny]/g, (c) => ACCENTED[c] ?? c))).join('');
  const letters = text.replace(/%\{\w+\}/g, '').length;
  // A third longer, in words a line may break between, as a longer language's are.
  const padding = '~~~~ '.repeat(Math.ceil(letters / 15)).trim();
  return `${PSEUDO_OPEN}${accented}${padding ? ` ${padding}` : ''}${PSEUDO_CLOSE}`;
}

/** One sentence in the pseudo-locale, each plural form on its own. */
export const pseudo = (text: string) =>
  text
    .split('||||')
    .map((f) => form(f.trim()))
    .join(' |||| ');

type Tree = { [key: string]: string | Tree };

/** A whole catalogue in the pseudo-locale. */
export function pseudoTree<T extends object>(tree: T): T {
  return Object.fromEntries(Object.entries(tree as Tree).map(([key, value]) => [key, typeof value === 'string' ? pseudo(value) : pseudoTree(value)])) as T;
}
