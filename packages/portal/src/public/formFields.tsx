/**
 * The signed-out pages' forms: react-hook-form with `zodResolver` over the contract's schemas, as the
 * signed-in forms are (react-admin's <Form> is the same underneath), without loading react-admin on
 * /login; where a schema words no message, the contract's `formIssueSentence` does. A field re-checks as the user types once its error shows; the server's field errors land
 * on their fields.
 */
import type { ReactNode } from 'react';
import { Box, TextField, type TextFieldProps } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useController, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { emailField, formIssueSentence } from '@partner-panel/sdk';
import { PasswordField } from '../components/PasswordField';
import { serverFieldErrors } from '../components/serverErrors';

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
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        {children}
      </Box>
    </FormProvider>
  );
}

type FieldProps = Omit<TextFieldProps, 'name'> & {
  name: string;
  /** Shown under the field until there is an error to show (the password rule, say). */
  hint?: string;
  password?: boolean;
};

export function FormField({ name, hint, password = false, ...props }: FieldProps) {
  const { field, fieldState } = useController({ name });
  const Field = password ? PasswordField : TextField;
  return <Field {...props} {...field} value={(field.value as string | undefined) ?? ''} error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? hint ?? ' '} />;
}

/** A form of one e-mail address (forgot password, a new verification link, sign-in's first step). */
export const emailOnly = z.object({ email: emailField });
