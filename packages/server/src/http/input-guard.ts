/**
 * What no field of ours can hold, refused before any handler runs: a body nested deeper than any
 * call needs (its walk would cost stack and time), text with a NUL character (PostgreSQL text cannot
 * hold it) and text that is not valid Unicode (an unpaired surrogate, which cannot be stored as
 * UTF-8). The walk uses its own stack, so no nesting can overflow the process's.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '@partner-panel/sdk';
import { AppError, invalid } from './errors.js';

/** Arrays and objects inside one another; our deepest body (a payment provider's event) needs about ten. */
export const MAX_DEPTH = 32;

type Problem = { kind: 'depth' | 'nul' | 'unicode'; path: string[] };

function textProblem(text: string): Problem['kind'] | null {
  if (text.includes('\u0000')) return 'nul';
  // String.prototype.isWellFormed (Node 20; the ES2024 typings are newer than our lib setting).
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) return 'unicode';
  return null;
}

/** The first problem of a parsed value, or null. */
export function inspect(root: unknown): Problem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      const kind = textProblem(value);
      if (kind) return { kind, path };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // A raw body (a provider's signed notification) is bytes, read as such by its route.
    if (Buffer.isBuffer(value)) continue;
    if (path.length >= MAX_DEPTH) return { kind: 'depth', path };
    for (const [key, inner] of Object.entries(value)) {
      const kind = textProblem(key);
      if (kind) return { kind, path: [...path, key] };
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
}

function refusal({ kind, path }: Problem): AppError {
  const field = path.join('.') || '_';
  const subject = field === '_' ? 'The request' : `The ${field} field`;
  switch (kind) {
    case 'depth':
      return new AppError(
        { ...errors.validation, http: 400, message: `The request body is nested too deeply: at most ${MAX_DEPTH} levels of lists and objects.` },
        {},
        { errors: { _: [`Nested more than ${MAX_DEPTH} levels deep.`] } },
      );
    case 'nul':
      return invalid(`${subject} may not contain a NUL character.`, field);
    case 'unicode':
      return invalid(`${subject} is not valid Unicode text: it holds an unpaired surrogate (such as \\ud800).`, field);
  }
}

export function guardInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem = inspect(request.body) ?? inspect(request.query) ?? inspect(request.params);
    if (problem) throw refusal(problem);
  });
}
