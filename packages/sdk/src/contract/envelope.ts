/** The response envelope every call answers with: `{ header: { code, status, message }, body }`. */
import { z } from 'zod';

export const headerStatuses = ['success', 'error', 'forbidden', 'actionrequired'] as const;
export type HeaderStatus = (typeof headerStatuses)[number];

export const headerSchema = z.object({
  code: z.union([z.number(), z.string()]),
  status: z.enum(headerStatuses),
  message: z.string(),
  /** On refusals: the request's id, as in the `Request-Id` answer header, to quote to support. */
  request_id: z.string().optional(),
});
export type Header = z.infer<typeof headerSchema>;

export function envelopeSchema<B extends z.ZodType>(body: B) {
  return z.object({ header: headerSchema, body });
}

/** Body of an error envelope: field errors when the request failed validation. */
export const errorBodySchema = z
  .object({
    errors: z.record(z.string(), z.array(z.string())).optional(),
    retry_after: z.number().optional(),
  })
  .passthrough()
  .nullable();

export interface Envelope<B = unknown> {
  header: Header;
  body: B;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null || !('header' in value)) return false;
  const header = (value as { header: unknown }).header;
  return headerSchema.safeParse(header).success;
}
