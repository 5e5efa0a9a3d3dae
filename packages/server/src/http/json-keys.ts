/**
 * The object keys of a JSON text, checked where JSON.parse cannot see them: a key sent twice
 * (`{"quantity":1,"quantity":2}`) would silently keep the last copy, so a client, a proxy or a
 * payment provider that reads the first could agree to one thing while we charge for another; and
 * `__proto__`, `constructor` or `prototype`, which code merging objects may turn into a change of
 * every object's prototype. One pass over the text: strings are skipped with indexOf, so a body of
 * long values costs little more than its keys; the walk keeps its own stack, so no nesting can
 * overflow the process's.
 */

/** Names no field of ours has, which reach an object's prototype when merged or copied. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface KeyProblem {
  kind: 'duplicate' | 'reserved';
  /** Where the key is, as field errors name it (`items.0.quantity`). */
  path: string[];
}

interface Frame {
  /** The keys seen so far in an object; null in a list. */
  keys: Set<string> | null;
  /** The key being read (object) or the index (list). */
  at: string | number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string opened at `start` closes (its closing quote), or the text's end. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let slashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The key as JSON.parse reads it: escapes decoded, so `"\u0071uantity"` is `quantity`. */
function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return raw;
  }
}

/**
 * The first duplicate or reserved key of a JSON text, with its path, or null. Meant for text that
 * JSON.parse accepted; any other text ends the walk without an error.
 */
export function keyProblem(text: string): KeyProblem | null {
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      let next = end + 1;
      while (next < n && isSpace(text.charCodeAt(next))) next++;
      const top = stack[stack.length - 1];
      // A string followed by a colon is a key.
      if (text.charCodeAt(next) === 0x3a && top?.keys) {
        const key = keyText(text, i, end);
        if (RESERVED_KEYS.has(key)) return { kind: 'reserved', path: pathOf(stack, key) };
        if (top.keys.has(key)) return { kind: 'duplicate', path: pathOf(stack, key) };
        top.keys.add(key);
        top.at = key;
        i = next + 1;
      } else {
        i = end + 1;
      }
      continue;
    }
    if (c === 0x7b) stack.push({ keys: new Set(), at: '' });
    else if (c === 0x5b) stack.push({ keys: null, at: 0 });
    else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top && !top.keys) top.at = (top.at as number) + 1;
    }
    i++;
  }
  return null;
}

/** The path of a key in the innermost object of the stack: each enclosing object's key or list's index. */
function pathOf(stack: Frame[], key: string): string[] {
  return [...stack.slice(0, -1).map((frame) => String(frame.at)), key];
}
