/**
 * PostgreSQL text cannot hold the NUL character and no field of ours has a use for it, so a request
 * carrying one is refused as bad input before any handler runs, rather than failing in the database.
 */
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.js';

/** The path of the first string holding a NUL, or null. */
function nulAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A raw body (a provider's signed notification) is bytes, read as such by its route.
  if (Buffer.isBuffer(value)) return null;
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulAt(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path = nulAt(request.body) ?? nulAt(request.query) ?? nulAt(request.params);
    if (!path) return;
    const field = path.join('.') || '_';
    throw invalid(`The ${field === '_' ? 'request' : `${field} field`} may not contain a NUL character.`, field);
  });
}
