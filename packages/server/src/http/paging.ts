/**
 * A list's page from its query string (`page`, `page_limit`). Every list of the API pages the same
 * way; the default size is the coupon list's, which the other lists of the spec share.
 */
import { PAGE_SIZES } from '@partner-panel/sdk';

export interface Paging {
  page?: number | undefined;
  page_limit?: number | undefined;
}

export const pagingOf = (q: Paging) => ({
  page: q.page ?? 1,
  limit: q.page_limit ?? PAGE_SIZES.coupons.default,
});
