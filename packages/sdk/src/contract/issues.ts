/**
 * The words for an issue a schema gives no message of its own, so that no one ever reads a schema
 * library's default text ("Invalid input: expected string, received null"). The spec's own messages
 * (set on the schemas) win; the server answers `issueSentence`, which names the field and the rule
 * it broke; a form adds that an emptied field — react-admin turns '' into null, a number input into
 * NaN — is 'Field is empty' (000 §5, 002 §5).
 */
import type { z } from 'zod';
import { fieldName } from './common.js';
import { formatMessage } from './messages.js';
import { messages } from './rules.js';

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  null: 'null',
};
const FORMAT_NAMES: Record<string, string> = { uuid: 'UUID', url: 'URL', datetime: 'date and time (ISO 8601)', date: 'date (YYYY-MM-DD)' };
const typeName = (expected: unknown) => TYPE_NAMES[String(expected)] ?? `of type ${String(expected)}`;
const quote = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

type Issue = z.core.$ZodRawIssue | z.core.$ZodIssue;

/** What one branch of a union expected, in a few words. */
function expectation(issue: Issue | undefined): string | undefined {
  if (!issue) return undefined;
  if (issue.code === 'invalid_type') return typeName(issue.expected);
  if (issue.code === 'invalid_value') return quote(issue.values);
  // A nested union (a whole number: 42 or "42") already said what it expects.
  if (issue.code === 'invalid_union') return /must be (.+)\.$/.exec(issue.message ?? '')?.[1];
  return undefined;
}

/** The sentence for an issue the schema gave no message of its own. */
export function issueSentence(issue: Issue): string {
  const path = issue.path ?? [];
  const subject = path.length ? `The ${fieldName(path)} field` : 'The request body';
  switch (issue.code) {
    case 'invalid_type':
      if (path.length && issue.input === undefined) return `${subject} is required.`;
      return `${subject} must be ${typeName(issue.expected)}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `${subject} may not be empty.` : `${subject} must be at least ${min} characters long.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} must hold at least ${min} item${min === 1 ? '' : 's'}.`;
      return `${subject} must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${subject} may not be longer than ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} may hold at most ${max} item${max === 1 ? '' : 's'}.`;
      return `${subject} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${max}.`;
    }
    case 'invalid_format':
      if (issue.format === 'regex') return `${subject} is not in the accepted format.`;
      if (issue.format === 'email') return `${subject} must be a valid e-mail address.`;
      return `${subject} must be a valid ${FORMAT_NAMES[issue.format] ?? issue.format}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? `${subject} must be ${quote(issue.values)}.` : `${subject} must be one of ${quote(issue.values)}.`;
    case 'invalid_union': {
      const options = [...new Set(issue.errors.map((branch) => expectation(branch[0])).filter((x): x is string => Boolean(x)))];
      return options.length ? `${subject} must be ${options.join(' or ')}.` : `${subject} does not have an accepted value.`;
    }
    case 'unrecognized_keys':
      // The sentence of the server's strict input check, which speaks first wherever the rest of the input is valid.
      return issue.keys.map((key) => formatMessage(messages.unknownField, { field: fieldName([...path, key]) })).join(' ');
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_key':
      return `${subject} holds a key that is not allowed.`;
    case 'invalid_element':
      return `${subject} holds an element that is not allowed.`;
    default:
      return `${subject} is not valid.`;
  }
}

/** Nothing typed: what an emptied, whitespace-only or never-touched form field holds. */
export function isEmptyInput(input: unknown): boolean {
  if (input === null || input === undefined) return true;
  if (typeof input === 'number') return Number.isNaN(input);
  return typeof input === 'string' && input.trim() === '';
}

/**
 * A form's sentence for an issue its schema does not word: an emptied field is 'Field is empty'; a
 * value of the wrong kind is not valid (a person chose or typed it, the JSON types mean nothing to
 * them); lengths and bounds read as the server says them.
 */
export function formIssueSentence(issue: Issue): string {
  if (isEmptyInput(issue.input)) return messages.fieldEmpty;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value') {
    return `The ${fieldName(issue.path)} field is not valid.`;
  }
  return issueSentence(issue);
}
