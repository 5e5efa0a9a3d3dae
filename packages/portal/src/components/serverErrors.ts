/**
 * A refused submission, for react-admin's <Form>: what `onSubmit` returns becomes field errors
 * (the server's body.errors, e.g. 'Old password is incorrect.' under the old password), and the
 * server's message is the form's own error.
 */
import { HttpError } from 'ra-core';
import { localised } from '@partner-panel/data-provider';

export type FieldErrors = Record<string, string>;

export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { body?: { errors?: Record<string, string[]> } } | undefined)?.body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, localised(v[0] ?? '')]));
}

export const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
