/**
 * The SDK as its build packed it (`pnpm pack` in packages/sdk), served so that a reseller's developer
 * installs it from their own Partner Panel: `npm install https://panel…/api/sdk/partner-panel-sdk-1.0.0.tgz`.
 * Every packed version found at start-up is served under its own name (a lockfile keeps the URL and
 * its checksum); any other name is a 404 envelope.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SDK_PACKAGE_PREFIX, errors } from '@partner-panel/sdk';
import { sendError } from './envelope.js';

export const defaultSdkPackageDir = fileURLToPath(new URL('../../../sdk/pack', import.meta.url));

const PACKED = /^partner-panel-sdk-\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\.tgz$/;

export function sdkPackage(app: FastifyInstance, dir: string) {
  const files = new Map(existsSync(dir) ? readdirSync(dir).filter((name) => PACKED.test(name)).map((name) => [name, readFileSync(join(dir, name))]) : []);
  if (files.size === 0) app.ctx.log.warn({ dir }, 'the SDK is not packed: /api/sdk/ answers 404 (pnpm build)');
  app.get<{ Params: { file: string } }>(`${SDK_PACKAGE_PREFIX}:file`, { onRequest: [app.ctx.security.apiHeaders], helmet: false }, (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) return sendError(reply, 404, errors.notFound.code, errors.notFound.message, null);
    // Already gzip: sent as it is, named as npm saves it; a version's file never changes.
    return reply
      .type('application/gzip')
      .header('Content-Disposition', `attachment; filename="${request.params.file}"`)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(file);
  });
}
