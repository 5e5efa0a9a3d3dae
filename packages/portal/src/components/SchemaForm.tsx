/**
 * A portal form: react-admin's <Form> validated by a schema of the contract (`schemaResolver`), so
 * the messages are the server's own; an invalid submit shows its messages beside the fields (no
 * extra toast), and `onSubmit` may return the server's field errors to show them the same way.
 */
import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from './schemaResolver';

export function SchemaForm({
  schema,
  oneMessageAt,
  defaultValues,
  mode,
  onSubmit,
  children,
}: {
  schema: z.ZodType;
  oneMessageAt?: string;
  defaultValues: FieldValues;
  /** When fields are checked first: on submit (default) or already on blur. */
  mode?: 'onSubmit' | 'onBlur';
  onSubmit: (values: FieldValues) => Promise<Record<string, string> | undefined | void> | void;
  children: ReactNode;
}) {
  return (
    <Form
      onSubmit={onSubmit}
      resolver={schemaResolver(schema, oneMessageAt ? { oneMessageAt } : {})}
      defaultValues={defaultValues}
      {...(mode ? { mode } : {})}
      disableInvalidFormNotification
      noValidate
    >
      {children}
    </Form>
  );
}
