/** Errors are values from the catalogue; the error handler turns them into envelopes. */
import { errors, formatMessage, type CatalogueEntry, type ErrorName } from '@partner-panel/sdk';

export class AppError extends Error {
  constructor(
    readonly entry: CatalogueEntry,
    readonly vars: Record<string, string | number> = {},
    readonly body: unknown = null,
  ) {
    super(formatMessage(entry.message, vars));
  }
}

/** `throw fail('insufficientBalance', { balance, amount })` */
export const fail = (name: ErrorName, vars?: Record<string, string | number>, body?: unknown) =>
  new AppError(errors[name], vars, body);

/** A validation failure with one message (and the field it belongs to). */
export const invalid = (message: string, field?: string) =>
  new AppError({ ...errors.validation, message }, {}, field ? { errors: { [field]: [message] } } : null);

/** Postgres unique violation on a given constraint (either driver). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  // Drizzle wraps driver errors: the driver's error is the cause.
  for (let i = 0; i < 3 && e; i++) {
    const pgError = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgError.code === '23505') return !constraint || pgError.constraint === constraint;
    e = pgError.cause;
  }
  return false;
}
