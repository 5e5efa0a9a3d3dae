/**
 * Unknown input is refused, never dropped: a field the contract does not name — a misspelling such
 * as `billing_cyle` — would otherwise leave its default in force and charge for the wrong thing. The
 * body (and a v2 call's query) is walked beside the call's own zod schema before anything runs, so
 * one rule covers every call and the answer names each unknown field, with the known field it most
 * likely meant.
 */
import { closest, distance } from 'fastest-levenshtein';
import { errors, formatMessage, messages } from '@partner-panel/sdk';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { AppError } from './errors.js';

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  options?: readonly $ZodType[];
  element?: $ZodType;
  left?: $ZodType;
  right?: $ZodType;
  getter?: () => $ZodType;
}
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** The schemas a value meets once wrappers (optional, default, pipe's input, a union's branches…) are opened. */
function leaves(schema: $ZodType, seen = new Set<$ZodType>()): $ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? leaves(def.innerType, seen) : [];
    case 'pipe':
      return def.in ? leaves(def.in, seen) : [];
    case 'lazy':
      return def.getter ? leaves(def.getter(), seen) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => leaves(option, seen));
    case 'intersection':
      return [...(def.left ? leaves(def.left, seen) : []), ...(def.right ? leaves(def.right, seen) : [])];
    default:
      return [schema];
  }
}

/** The fields an object may hold, each with its schemas; null when any key is welcome (a record, a loose object, no object at all). */
function fieldsOf(schema: $ZodType): Map<string, $ZodType[]> | null {
  const fields = new Map<string, $ZodType[]>();
  let objects = 0;
  for (const leaf of leaves(schema)) {
    const def = defOf(leaf);
    if (def.type === 'unknown' || def.type === 'any' || def.type === 'record') return null;
    if (def.type !== 'object' || !def.shape) continue;
    if (def.catchall && defOf(def.catchall).type !== 'never') return null;
    objects++;
    for (const [key, inner] of Object.entries(def.shape)) fields.set(key, [...(fields.get(key) ?? []), inner]);
  }
  return objects ? fields : null;
}

const elementsOf = (schema: $ZodType) =>
  leaves(schema).flatMap((leaf) => {
    const def = defOf(leaf);
    return def.type === 'array' && def.element ? [def.element] : [];
  });

export interface UnknownField {
  /** Where it was sent, as the field errors name it (`items.0.nme`). */
  field: string;
  /** The known field it most likely meant, when one is close. */
  suggestion?: string;
}

/** The known field a misspelling most likely meant: two letters apart (a swap counts as two), or a third of its length, ignoring case. */
export function suggest(unknown: string, known: readonly string[]): string | undefined {
  if (!known.length) return undefined;
  const lower = unknown.toLowerCase();
  const best = closest(lower, known.map((k) => k.toLowerCase()));
  const index = known.findIndex((k) => k.toLowerCase() === best);
  const candidate = known[index];
  if (candidate === undefined) return undefined;
  return distance(lower, best) <= Math.max(2, Math.floor(candidate.length / 3)) ? candidate : undefined;
}

/** Every field of `value` that `schema` does not name, at any depth of objects and lists. */
export function unknownFields(schema: $ZodType, value: unknown, path: string[] = [], found: UnknownField[] = []): UnknownField[] {
  if (Array.isArray(value)) {
    const elements = elementsOf(schema);
    value.forEach((item, i) => elements.forEach((element) => unknownFields(element, item, [...path, String(i)], found)));
    return found;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return found;
  const fields = fieldsOf(schema);
  if (!fields) return found;
  const known = [...fields.keys()];
  for (const [key, inner] of Object.entries(value)) {
    const schemas = fields.get(key);
    if (!schemas) {
      const suggestion = suggest(key, known);
      found.push({ field: [...path, key].join('.'), ...(suggestion ? { suggestion: [...path, suggestion].join('.') } : {}) });
      continue;
    }
    for (const s of schemas) unknownFields(s, inner, [...path, key], found);
  }
  return found;
}

export const unknownFieldMessage = ({ field, suggestion }: UnknownField) =>
  suggestion
    ? formatMessage(messages.unknownFieldSuggestion, { field, suggestion })
    : formatMessage(messages.unknownField, { field });

/**
 * The refusal of input holding unknown fields: the first in the header, each under its own name.
 * Where the schema refuses the input too, its own sentence (the spec's words for a missing field)
 * is kept unless an unknown field is a misspelling of a field it misses: then the suggestion is
 * the more useful answer.
 */
export function refuseUnknown(schema: $ZodType, value: unknown): AppError | null {
  const found = unknownFields(schema, value);
  if (!found.length) return null;
  const parsed = safeParse(schema, value);
  const missed = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String).join('.')));
  const misspelled = found.filter((f) => f.suggestion !== undefined && missed.has(f.suggestion));
  if (!parsed.success && !misspelled.length) return null;
  const first = misspelled[0] ?? found[0];
  if (!first) return null;
  const byField = Object.fromEntries(found.map((f) => [f.field, [unknownFieldMessage(f)]]));
  return new AppError({ ...errors.validation, message: unknownFieldMessage(first) }, {}, { errors: byField });
}
