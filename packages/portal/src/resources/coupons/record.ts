import type { CouponRow } from '@partner-panel/sdk';

/** A coupon as the list and its row actions hold it: the contract's row with react-admin's id. */
export type CouponRecord = CouponRow & { id: number };
