/**
 * The signed-out pages' forms (register, verification, forgot and reset password; sign-in checks
 * its one field itself, ./signIn): react-hook-form with `zodResolver` over the contract's schemas, as the
 * signed-in forms are (react-admin's <Form> is the same underneath), without loading react-admin on
 * /login; where a schema words no message, the contract's `formIssueSentence` does. A field re-checks as the user types once its error shows; the server's field errors land
 * on their fields.
 */
import type { ComponentProps, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useController, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { emailField, formIssueSentence } from '@partner-panel/sdk';
import { serverFieldErrors } from '../components/serverErrors';
import { Field } from './frame';

export function usePublicForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: z.input<S>) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema, { error: formIssueSentence }), defaultValues: defaultValues as never, reValidateMode: 'onChange' });
}

/** Puts the server's field errors (body.errors of a refused call) beside their fields. */
export function showServerErrors<I extends FieldValues, O extends FieldValues>(form: UseFormReturn<I, unknown, O>, error: unknown) {
  for (const [name, message] of Object.entries(serverFieldErrors(error))) form.setError(name as never, { message });
}

/** A form of a public page; `onValid` gets the schema's output. */
export function PublicForm<I extends FieldValues, O extends FieldValues>({
  form,
  onValid,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  onValid: (values: O) => Promise<unknown> | void;
  children: ReactNode;
}) {
  const submit = form.handleSubmit(async (values) => {
    await onValid(values);
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}

/** A field of the form by its name: the light field of the public pages (./frame), bound to react-hook-form. */
export function FormField({ name, ...props }: Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ name });
  return <Field {...props} name={name} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

/** A form of one e-mail address (forgot password, a new verification link, sign-in's first step). */
export const emailOnly = z.object({ email: emailField });
