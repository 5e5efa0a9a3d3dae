/** Form validation with the contract's own schemas, and the server's field errors. */
import type { z } from 'zod';
import { HttpError } from 'ra-core';

export type FieldErrors = Record<string, string>;

/** The first message of each field, from the same zod schema the server parses with. */
export function validate(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= issue.message;
  }
  return out;
}

/** Field errors the server sent back (body.errors of a validation failure). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { body?: { errors?: Record<string, string[]> } } | undefined)?.body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}

export const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** The props that bind a text field to one key of a form's values and its errors. */
/** A field's props; a hint (the password rule, say) shows under it until there is an error to show. */
export function fieldBinder<V extends Record<string, string>>(
  values: V,
  setValues: (update: (v: V) => V) => void,
  errors: FieldErrors,
  hints: Partial<Record<keyof V & string, string>> = {},
) {
  return (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? hints[name] ?? ' ',
  });
}
