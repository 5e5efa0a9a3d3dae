/**
 * A portal form: react-admin's <Form> validated by a schema of the contract (`schemaResolver`), so
 * the messages are the server's own; an invalid submit shows its messages beside the fields (no
 * extra toast), and `onSubmit` may return the server's field errors to show them the same way.
 *
 * Typed by its schema: `onSubmit` receives what the schema answers (trimmed, coerced — the very
 * input type of the contract's call when the schema is a call's body), and `defaultValues` may name
 * only the schema's fields. A field renamed in the contract breaks the form's compilation.
 *
 * It submits once per intent (./useSubmission): a submission while one is on its way is dropped,
 * `onSubmit` receives the submission to hand to the data provider's call (its Idempotency-Key), and
 * the form's `SubmitButton` is disabled from the press to the answer.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Form } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from './schemaResolver';
import { useSubmission, type Submission } from './useSubmission';

/** Whether the enclosing form's submission is on its way (checked, or its call sent and unanswered). */
const Submitting = createContext(false);
export const useSubmitting = () => useContext(Submitting);

/** Busy while react-hook-form checks the fields (before onSubmit runs) and while the call is out. */
function SubmittingState({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { isSubmitting } = useFormState();
  return <Submitting.Provider value={busy || isSubmitting}>{children}</Submitting.Provider>;
}

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
  /** `once`: this submission, for the data provider's call (its Idempotency-Key). */
  onSubmit: (values: FormValues<S>, once: Submission) => Promise<Record<string, string> | undefined | void> | void;
  children: ReactNode;
}) {
  const submission = useSubmission();
  return (
    <Form
      // The resolver hands onSubmit the schema's output, not the raw field values.
      onSubmit={(values: FieldValues) => submission.run(values, (once) => onSubmit(values as FormValues<S>, once))}
      resolver={schemaResolver(schema, oneMessageAt ? { oneMessageAt } : {})}
      defaultValues={defaultValues as FieldValues}
      {...(mode ? { mode } : {})}
      disableInvalidFormNotification
      noValidate
    >
      <SubmittingState busy={submission.busy}>{children}</SubmittingState>
    </Form>
  );
}
