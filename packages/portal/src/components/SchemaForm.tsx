/**
 * A portal form: react-admin's <Form> validated by a schema of the contract (`schemaResolver`), so
 * the messages are the server's own; an invalid submit shows its messages beside the fields (no
 * extra toast), and `onSubmit` may return the server's field errors to show them the same way.
 *
 * Typed by its schema: `onSubmit` receives what the schema answers (trimmed, coerced — the very
 * input type of the contract's call when the schema is a call's body), and `defaultValues` may name
 * only the schema's fields. A field renamed in the contract breaks the form's compilation.
 */
import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from './schemaResolver';

/**
 * A form's starting values: the schema's fields only, each as the field holds it (often text); for
 * a choice of schemas, the fields of one of them. A schema of unknown shape takes any values.
 */
export type FormDefaults<S extends z.ZodType> = S extends unknown
  ? z.input<S> extends FieldValues
    ? { [K in keyof z.input<S>]?: unknown }
    : FieldValues
  : never;

/** What onSubmit receives: the schema's output, or plain values for a schema of unknown shape. */
export type FormValues<S extends z.ZodType> = z.output<S> extends FieldValues ? z.output<S> : FieldValues;

export function SchemaForm<S extends z.ZodType>({
  schema,
  oneMessageAt,
  defaultValues,
  mode,
  onSubmit,
  children,
}: {
  schema: S;
  oneMessageAt?: string;
  defaultValues: FormDefaults<S>;
  /** When fields are checked first: on submit (default) or already on blur. */
  mode?: 'onSubmit' | 'onBlur';
  onSubmit: (values: FormValues<S>) => Promise<Record<string, string> | undefined | void> | void;
  children: ReactNode;
}) {
  return (
    <Form
      // The resolver hands onSubmit the schema's output, not the raw field values.
      onSubmit={(values: FieldValues) => onSubmit(values as FormValues<S>)}
      resolver={schemaResolver(schema, oneMessageAt ? { oneMessageAt } : {})}
      defaultValues={defaultValues as FieldValues}
      {...(mode ? { mode } : {})}
      disableInvalidFormNotification
      noValidate
    >
      {children}
    </Form>
  );
}
