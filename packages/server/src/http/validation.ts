/**
 * Request validation with the contract's zod schemas. The spec's own messages (set on the schemas)
 * win; wherever a schema has none, the contract's `issueSentence` names the field and the rule it
 * broke instead of zod's wording.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { issueSentence } from '@partner-panel/sdk';
import { safeParse, type $ZodType } from 'zod/v4/core';

/** Fastify's validator compiler over the contract's zod schemas, with the contract's sentences. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const result = safeParse(schema, data, { error: issueSentence });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: issue.path.length ? `/${issue.path.map(String).join('/')}` : '',
        schemaPath: '',
        params: {},
        message: issue.message,
      })),
    } as never;
  };
