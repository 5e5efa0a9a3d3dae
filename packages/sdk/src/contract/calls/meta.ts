/** The API describing itself: the OpenAPI document of this contract, as the server serves it. */
import { z } from 'zod';
import { defineCall } from '../define.js';

export const openApi = defineCall({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  spec: 'ours (the published contract)',
  summary: 'The OpenAPI 3.1 document of every call, with this server in `servers`: generate a client from it.',
  response: z.record(z.string(), z.unknown()),
  successCode: 200,
  bare: true,
});
