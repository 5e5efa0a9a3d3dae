/**
 * The contract's sentences in the shown language. The server answers in English (its API's
 * language, issue 36), and the contract's rules word form messages in English; each is a sentence
 * of the catalogue (en/contract.ts), so the portal finds which one by its English text — with the
 * names and numbers it was filled with — and shows that sentence of the shown language's catalogue,
 * filled with the same values. A text of no catalogue sentence is shown as it came.
 */
import { DEFAULT_LOCALE, type Locale } from '@partner-panel/sdk/redeem';
import { currentLocale } from './locale';
import { pseudo, pseudoLocale } from './pseudo';

export interface Sentences {
  validation: object;
  refusals: object;
  successes: object;
  /** The notifications' sentences (the bell, the Notifications page). */
  notices: object;
  /** The descriptions the server writes into records (a transaction, a deposit's invoice). */
  descriptions: object;
}

type Group = keyof Sentences;
type Tree = { [key: string]: string | Tree };

interface Matcher {
  group: Group;
  path: string[];
  /** The English form, whole text, with `(.+?)` where a placeholder was. */
  pattern: RegExp;
  names: string[];
  /** The English form itself. */
  text: string;
  /** How much of it is words rather than values: of two forms that both match, the wordier one is meant. */
  literal: number;
}

/**
 * English's sentences, the key to every other language's: fetched with the first other language's
 * (they come from the contract's rules, which sign-in's first screen does not carry).
 */
let english: Sentences | undefined;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let matchers: Matcher[] | undefined;
/** Exact English texts (no placeholder), found at once. */
let exact: Map<string, Matcher[]> | undefined;

function index(english: Sentences) {
  if (matchers && exact) return { matchers, exact };
  const all: Matcher[] = [];
  const visit = (group: Group, node: Tree, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string') {
        visit(group, value, [...path, key]);
        continue;
      }
      for (const form of value.split('||||').map((f) => f.trim())) {
        const names = [...form.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] as string);
        const source = form
          .split(/%\{\w+\}/)
          .map(escape)
          .join('(.+?)');
        const literal = form.replace(/%\{\w+\}/g, '').length;
        all.push({ group, path: [...path, key], pattern: new RegExp(`^${source}$`, 's'), names, text: form, literal });
      }
    }
  };
  for (const group of Object.keys(english) as Group[]) visit(group, english[group] as Tree, []);
  matchers = all;
  exact = new Map();
  for (const m of all) if (m.names.length === 0) exact.set(m.text, [...(exact.get(m.text) ?? []), m]);
  return { matchers, exact };
}

const translations = new Map<Locale, Sentences>();
type SentenceFile = Omit<Sentences, 'successes'> & { successSentences: object };
const files = import.meta.glob<SentenceFile>(['./*/contract.ts', '!./en/contract.ts']);
const sentencesOf = ({ validation, refusals, successSentences, notices, descriptions }: SentenceFile): Sentences => ({
  validation,
  refusals,
  successes: successSentences,
  notices,
  descriptions,
});

/** Fetches `locale`'s sentences (once); the full catalogue brings the same file. */
export async function loadSentences(locale: Locale): Promise<void> {
  if (!english && (locale !== DEFAULT_LOCALE || pseudoLocale())) {
    english = sentencesOf(await import('./en/contract'));
  }
  if (locale === DEFAULT_LOCALE || translations.has(locale)) return;
  const load = files[`./${locale}/contract.ts`];
  if (!load) return;
  translations.set(locale, sentencesOf(await load()));
}

/** Whether `locale`'s sentences are here (English's always are: the server's own words). */
export const sentencesLoaded = (locale: Locale) => (locale === DEFAULT_LOCALE && !pseudoLocale()) || translations.has(locale) || (pseudoLocale() && english !== undefined);

/** node-polyglot's plural rules for our languages, so a count picks the same form here as on the screens. */
export function pluralForm(locale: Locale, n: number): number {
  switch (locale) {
    case 'ar': {
      if (n < 3) return n;
      const lastTwo = n % 100;
      if (lastTwo >= 3 && lastTwo <= 10) return 3;
      return lastTwo >= 11 ? 4 : 5;
    }
    case 'ru': {
      const lastTwo = n % 100;
      const end = lastTwo % 10;
      if (lastTwo !== 11 && end === 1) return 0;
      if (end >= 2 && end <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return 1;
      return 2;
    }
    case 'fr':
      return n >= 2 ? 1 : 0;
    default:
      return n !== 1 ? 1 : 0;
  }
}

const at = (tree: object, path: string[]): unknown => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

/** What a refusal, a form's rule or an answer may be: never a notice or a record's description. */
const ANSWERS: Group[] = ['validation', 'refusals', 'successes'];

export interface LocaliseOptions {
  /** Only the sentences of these groups (a notification is only ever one of `notices`); the answers' by default. */
  groups?: Group[];
  /** Writes a value in the shown language (an amount, a date); values are kept as they came without it. */
  value?: (value: string, name: string) => string;
}

/** The catalogue sentence `text` is, with the values it was filled with; the wordiest when several fit. */
function recognise(english: Sentences, text: string, groups: Group[]) {
  const { matchers: all, exact: byText } = index(english);
  const inGroups = (m: Matcher) => groups.includes(m.group);
  const same = byText.get(text)?.find(inGroups);
  if (same) return { found: same, values: {} as Record<string, string> };
  let best: { found: Matcher; values: Record<string, string> } | undefined;
  for (const matcher of all) {
    if (matcher.names.length === 0 || !inGroups(matcher) || (best && best.found.literal >= matcher.literal)) continue;
    const match = matcher.pattern.exec(text);
    if (!match) continue;
    best = { found: matcher, values: Object.fromEntries(matcher.names.map((name, i) => [name, match[i + 1] as string])) };
  }
  return best;
}

/** `text` in the shown language when it is a sentence of the catalogue; else `text` itself. */
export function localise(text: string, locale: Locale = currentLocale(), options: LocaliseOptions = {}): string {
  if (!text || !english || (locale === DEFAULT_LOCALE && !pseudoLocale())) return text;
  const theirs = pseudoLocale() ? english : translations.get(locale);
  if (!theirs) return text;
  // The spec's fallback form (`code : rspf-003, Unable to …`) keeps its code and words the rest.
  const coded = /^code : ([\w-]+), (.*)$/s.exec(text);
  if (coded) return `code : ${coded[1]}, ${localise(coded[2] as string, locale, options)}`;
  const recognised = recognise(english, text, options.groups ?? ANSWERS);
  if (!recognised) return text;
  const { found, values } = recognised;
  const words = at(theirs[found.group], found.path);
  if (typeof words !== 'string') return text;
  const sentence = pseudoLocale() ? pseudo(words) : words;
  const forms = sentence.split('||||').map((f) => f.trim());
  const count = Number(values.smart_count);
  const form = forms.length > 1 && Number.isFinite(count) ? (forms[pluralForm(locale, count)] ?? forms[0]) : forms[0];
  const write = options.value;
  return (form ?? text).replace(/%\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return write && name !== 'smart_count' ? write(value, name) : value;
  });
}
