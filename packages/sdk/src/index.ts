export * from './contract/index.js';
// The notifications' sentences beside the contract, not in its index: the portal's first screen bundles
// the contract's modules, and only a language's sentences file, loaded later, reads these.
export * from './contract/notices.js';
export { openApiDocument } from './openapi.js';
export type { OpenApiOptions } from './openapi.js';
export { createClient } from './client/client.js';
export { newIdempotencyKey } from './client/retry.js';
export type { Client, ClientMethods, ClientOptions, RequestOptions } from './client/client.js';
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  CsrfError,
  IdempotencyError,
  InsufficientFundsError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  apiError,
  isApiError,
} from './client/errors.js';
export type { ApiErrorInit } from './client/errors.js';
export type { CursorPage, Pageable, PageInput, PageRow, Paginated } from './client/paginate.js';
export { verifyWebhook, WebhookVerificationError } from './client/webhooks.js';
export type {
  CouponBatchObject,
  CouponObject,
  InvoiceObject,
  VpnUserObject,
  WalletCreditObject,
  WalletObject,
  WebhookEndpointObject,
} from './client/webhooks.js';
export { PartnerPanel } from './client/v2.js';
export type { CreatedUser, ListedUser, NewUser, PartnerPanelOptions, Tokens, User, UserFilters } from './client/v2.js';
export { captchaToken, CAPTCHA_SCRIPT_URLS } from './browser/captcha.js';
export type { CaptchaSettings } from './browser/captcha.js';
