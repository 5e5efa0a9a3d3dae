export * from './contract/index.js';
export { createClient } from './client/client.js';
export type { Client, ClientMethods, ClientOptions, RequestOptions } from './client/client.js';
export { ApiError, isApiError } from './client/errors.js';
