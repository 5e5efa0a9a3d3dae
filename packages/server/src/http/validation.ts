/**
 * Request validation with the contract's zod schemas. The spec's own messages (set on the schemas)
 * win; wherever a schema has none, zod's wording ("Invalid input: expected string, received
 * undefined") is replaced by a sentence that names the field and the rule it broke.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { fieldName, formatMessage, messages } from '@partner-panel/sdk';
import { safeParse, type $ZodIssue, type $ZodRawIssue, type $ZodType } from 'zod/v4/core';

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

type Issue = $ZodRawIssue | $ZodIssue;

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
export function sentence(issue: Issue): string {
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
      if (issue.format === 'regex') return `${subject} is not in the expected format.`;
      if (issue.format === 'email') return `${subject} must be a valid e-mail address.`;
      return `${subject} must be a valid ${FORMAT_NAMES[issue.format] ?? issue.format}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? `${subject} must be ${quote(issue.values)}.` : `${subject} must be one of ${quote(issue.values)}.`;
    case 'invalid_union': {
      const options = [...new Set(issue.errors.map((branch) => expectation(branch[0])).filter((x): x is string => Boolean(x)))];
      return options.length ? `${subject} must be ${options.join(' or ')}.` : `${subject} does not have an accepted value.`;
    }
    case 'unrecognized_keys':
      // The sentence of http/strict-input.ts, which speaks first wherever the rest of the input is valid.
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

/** Fastify's validator compiler over the contract's zod schemas, with the sentences above. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const result = safeParse(schema, data, { error: sentence });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: issue.path.length ? `/${issue.path.map(String).join('/')}` : '',
        schemaPath: '',
        params: {},
        message: issue.message,
      })),
    } as never;
  };
