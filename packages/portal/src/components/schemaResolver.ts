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
import { localise } from '../i18n/localise';

export function schemaResolver(schema: z.ZodType, options: { oneMessageAt?: string } = {}): Resolver<FieldValues> {
  const english = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, { error: formIssueSentence }) as unknown as Resolver<FieldValues>;
  // The contract words its messages in English; a person reads them in the shown language.
  const resolve: Resolver<FieldValues> = async (values, context, opts) => {
    const result = await english(values, context, opts);
    return { ...result, errors: localiseErrors(result.errors) } as typeof result;
  };
  const at = options.oneMessageAt;
  if (!at) return resolve;
  // Where the spec gives one message for several fields, it shows once, under `at`.
  return async (values, context, opts) => {
    const result = await resolve(values, context, opts);
    const first = Object.values(result.errors)[0] as FieldError | undefined;
    return first ? { values: {}, errors: { [at]: first } } : result;
  };
}

/** Every message of react-hook-form's error tree (arrays and nested fields too), in the shown language. */
function localiseErrors<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(localiseErrors) as T;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === 'message' && typeof value === 'string' ? localise(value) : key === 'ref' ? value : localiseErrors(value)]),
  ) as T;
}
