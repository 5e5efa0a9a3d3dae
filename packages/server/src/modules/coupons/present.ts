import { CYCLES, type CouponRow, type Cycle } from '@partner-panel/sdk';

export interface CouponRecord {
  id: number;
  code: string;
  billing_type: number;
  cycle: string;
  redeemed_at: Date | string | null;
  created_at: Date | string;
  expires_at: Date | string;
  addon_name: string | null;
  redeemed_by: string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A coupon as the lists answer it (001 §3): Coupon_ID is the row's id. */
export function presentCoupon(r: CouponRecord): CouponRow {
  return {
    Coupon_ID: Number(r.id),
    code: r.code,
    billing_type: Number(r.billing_type) as 1 | 2,
    billing_cycle: r.cycle as Cycle,
    redeemed: r.redeemed_at ? 'yes' : 'no',
    generated_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
    plan: CYCLES[r.cycle as Cycle]?.label ?? r.cycle,
    addon: r.addon_name ?? null,
    redeemed_at: r.redeemed_at ? iso(r.redeemed_at) : null,
    redeemed_by: r.redeemed_by ?? null,
  };
}
