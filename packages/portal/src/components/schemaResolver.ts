/**
 * Forms validate with the contract's own zod schemas (packages/sdk), so every message comes from one
 * place and the server parses the same rules. `schemaResolver` fits a schema to react-admin's
 * <Form resolver>; the form's onSubmit then receives the schema's output (trimmed, coerced). Where a
 * schema words no message of its own, the contract's `formIssueSentence` speaks (an emptied field is
 * 'Field is empty'), never zod's default text.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { formIssueSentence } from '@partner-panel/sdk';

export function schemaResolver(schema: z.ZodType, options: { oneMessageAt?: string } = {}): Resolver<FieldValues> {
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, { error: formIssueSentence }) as unknown as Resolver<FieldValues>;
  const at = options.oneMessageAt;
  if (!at) return resolve;
  // Where the spec gives one message for several fields, it shows once, under `at`.
  return async (values, context, opts) => {
    const result = await resolve(values, context, opts);
    const first = Object.values(result.errors)[0] as FieldError | undefined;
    return first ? { values: {}, errors: { [at]: first } } : result;
  };
}
