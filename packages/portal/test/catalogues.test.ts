/**
 * Every language's catalogue against English's (issue 36; docs/portal.md, "How to add a language"):
 * no key missing, none English lacks, the same placeholders in every sentence, and as many plural
 * forms (`||||`) as the language's plural rule asks for. react-admin's own strings may come from a
 * package with keys of older versions; those extra keys are let be, a missing one is not.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@partner-panel/sdk';
import { en } from '../src/i18n/en/all';
import { descriptions, notices, refusals, successSentences, validation } from '../src/i18n/en/contract';
import { merge } from '../src/i18n/assemble';
import { publicPp } from '../src/i18n/en/public';

type Tree = { [key: string]: string | Tree };

const languages = LOCALES.filter((l) => l !== 'en');
const cores = import.meta.glob<{ messages: Tree }>('../src/i18n/*/index.ts');
const rests = import.meta.glob<{ messages: Tree }>('../src/i18n/*/rest.ts');
const publicFiles = import.meta.glob<{ publicPp: Tree }>('../src/i18n/*/public.ts');
const sentenceFiles = import.meta.glob<{ validation: Tree; refusals: Tree; successSentences: Tree; notices: Tree; descriptions: Tree }>('../src/i18n/*/contract.ts');

/** Every sentence of a tree, by its dotted key. */
function leaves(node: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** `%{name}` placeholders, sorted, once each. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** How many forms node-polyglot's plural rule of a language has (its pluralTypes). */
const PLURAL_FORMS: Record<Locale, number> = { en: 2, es: 2, fr: 2, de: 2, 'pt-BR': 2, ru: 3, ar: 6 };
const forms = (text: string) => text.split('||||').length;

function compare(locale: Locale, english: Map<string, string>, theirs: Map<string, string>, extraAllowed: (key: string) => boolean) {
  const missing = [...english.keys()].filter((k) => !theirs.has(k));
  const extra = [...theirs.keys()].filter((k) => !english.has(k) && !extraAllowed(k));
  const wrongPlaceholders = [...english]
    .filter(([k]) => theirs.has(k))
    .filter(([k, text]) => placeholders(text).join() !== placeholders(theirs.get(k) as string).join())
    .map(([k]) => `${k}: ${placeholders(english.get(k) as string).join()} ≠ ${placeholders(theirs.get(k) as string).join()}`);
  const wrongPlurals = [...english]
    .filter(([k, text]) => theirs.has(k) && forms(text) > 1 && text.includes('smart_count'))
    .filter(([k]) => forms(theirs.get(k) as string) !== PLURAL_FORMS[locale])
    .map(([k]) => `${k}: ${forms(theirs.get(k) as string)} forms, ${PLURAL_FORMS[locale]} wanted`);
  const empty = [...theirs].filter(([, text]) => !text.trim()).map(([k]) => k);
  return { missing, extra, wrongPlaceholders, wrongPlurals, empty };
}

const clean = { missing: [], extra: [], wrongPlaceholders: [], wrongPlurals: [], empty: [] };

describe.each(languages)('the %s catalogue', (locale) => {
  it('has every key of English, no other, the same placeholders and its plural forms', async () => {
    const core = cores[`../src/i18n/${locale}/index.ts`];
    const rest = rests[`../src/i18n/${locale}/rest.ts`];
    expect(core, `src/i18n/${locale}/index.ts`).toBeDefined();
    expect(rest, `src/i18n/${locale}/rest.ts`).toBeDefined();
    const [{ messages: first }, { messages: others }] = await Promise.all([(core as () => Promise<{ messages: Tree }>)(), (rest as () => Promise<{ messages: Tree }>)()]);
    const english = leaves(en as unknown as Tree);
    const theirs = leaves(merge(first, others) as Tree);
    // The first screen's part holds the same areas as English's: no first screen waits on the rest.
    const { messages: englishFirst } = await (cores['../src/i18n/en/index.ts'] as () => Promise<{ messages: Tree }>)();
    expect([...leaves(first).keys()].filter((k) => !k.startsWith('ra.')).sort()).toEqual([...leaves(englishFirst).keys()].filter((k) => !k.startsWith('ra.')).sort());
    // react-admin's packages carry keys of their older versions, which no screen asks for.
    expect(compare(locale, english, theirs, (k) => k.startsWith('ra.'))).toEqual(clean);
  });

  it("has the contract's sentences (the server's refusals, the forms' rules, the answers, the notifications, the records' descriptions) in a file of their own", async () => {
    const load = sentenceFiles[`../src/i18n/${locale}/contract.ts`];
    expect(load, `src/i18n/${locale}/contract.ts`).toBeDefined();
    const file = await (load as () => Promise<{ validation: Tree; refusals: Tree; successSentences: Tree; notices: Tree; descriptions: Tree }>)();
    const english = leaves({ validation, refusals, successes: successSentences, notices, descriptions } as unknown as Tree);
    const theirs = leaves({ validation: file.validation, refusals: file.refusals, successes: file.successSentences, notices: file.notices, descriptions: file.descriptions });
    expect(compare(locale, english, theirs, () => false)).toEqual(clean);
  });

  it("has the signed-out pages' strings in a file of their own, the same as in the whole catalogue", async () => {
    const load = publicFiles[`../src/i18n/${locale}/public.ts`];
    expect(load, `src/i18n/${locale}/public.ts`).toBeDefined();
    const { publicPp: theirs } = await (load as () => Promise<{ publicPp: Tree }>)();
    expect(compare(locale, leaves(publicPp as unknown as Tree), leaves(theirs), () => false)).toEqual(clean);
  });
});

describe('the check itself', () => {
  const english = new Map([
    ['a', 'Hello %{name}'],
    ['b', '%{smart_count} coupon |||| %{smart_count} coupons'],
  ]);
  it('finds a missing key, an extra key, other placeholders and too few plural forms', () => {
    const theirs = new Map([
      ['a', 'Привет %{nom}'],
      ['b', '%{smart_count} купон |||| %{smart_count} купона'],
      ['c', 'лишний'],
    ]);
    const found = compare('ru', english, theirs, () => false);
    expect(found.extra).toEqual(['c']);
    expect(found.wrongPlaceholders).toEqual(['a: name ≠ nom']);
    expect(found.wrongPlurals).toEqual(['b: 2 forms, 3 wanted']);
    expect(compare('ru', english, new Map([['a', 'Привет %{name}']]), () => false).missing).toEqual(['b']);
  });
});
