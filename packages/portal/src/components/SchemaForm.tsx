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
 * the form's `SubmitButton` is disabled from the press to the answer. It receives the form too, to
 * empty a field after an answer (a refused code, an endpoint made).
 */
import { createContext, useContext, useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { Form } from 'react-admin';
import { useFormContext, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
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

/** What `onSubmit` may do to its form once answered: set a field (empty it), or move the focus. */
export type FormControl = Pick<UseFormReturn, 'setValue' | 'setFocus'>;

/** react-admin's <Form> makes the form inside itself: this hands it out to SchemaForm's onSubmit. */
function Control({ into }: { into: MutableRefObject<FormControl | null> }) {
  const { setValue, setFocus } = useFormContext();
  useEffect(() => {
    into.current = { setValue, setFocus };
  }, [into, setValue, setFocus]);
  return null;
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
  repeats,
  children,
}: {
  schema: S;
  oneMessageAt?: string;
  defaultValues: FormDefaults<S>;
  /** When fields are checked first: on submit (default) or already on blur. */
  mode?: 'onSubmit' | 'onBlur';
  /** `once`: this submission, for the data provider's call (its Idempotency-Key); `form`: to empty a field. */
  onSubmit: (values: FormValues<S>, once: Submission, form: FormControl) => Promise<Record<string, string> | undefined | void> | void;
  /**
   * 'deliberate' where sending the same values again at once is the point (the sandbox's Try it out:
   * a second call shows what the first changed); a repeat while one is on its way is still dropped.
   */
  repeats?: 'deliberate';
  children: ReactNode;
}) {
  const submission = useSubmission(repeats === 'deliberate' ? { dropAnswered: false } : {});
  const control = useRef<FormControl | null>(null);
  return (
    <Form
      // The resolver hands onSubmit the schema's output, not the raw field values.
      onSubmit={(values: FieldValues) => submission.run(values, (once) => onSubmit(values as FormValues<S>, once, control.current as FormControl))}
      resolver={schemaResolver(schema, oneMessageAt ? { oneMessageAt } : {})}
      defaultValues={defaultValues as FieldValues}
      {...(mode ? { mode } : {})}
      disableInvalidFormNotification
      noValidate
    >
      <Control into={control} />
      <SubmittingState busy={submission.busy}>{children}</SubmittingState>
    </Form>
  );
}
