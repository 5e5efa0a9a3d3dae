/** The form's checks: the rules and words the server applies (002 §5), in the page's language. */
import { isEmail, isStrongPassword } from '@partner-panel/sdk/redeem';
import type { Strings } from './i18n';

export interface Values {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  coupon: string;
  terms: boolean;
  addon_id: string;
}

export type Field = keyof Values;
export type Errors = Partial<Record<Field, string>>;

/** Field errors in the order of the form, so the first one is the one to focus. */
export function check(v: Values, t: Strings, needsLocation: boolean): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = t.nameRequired;
  if (!v.email.trim()) e.email = t.emailRequired;
  else if (!isEmail(v.email.trim())) e.email = t.emailInvalid;
  if (!v.password) e.password = t.passwordRequired;
  else if (!isStrongPassword(v.password)) e.password = t.passwordRule;
  if (v.password !== v.password_confirmation) e.password_confirmation = t.mismatch;
  if (!v.coupon.trim()) e.coupon = t.couponRequired;
  if (needsLocation && !v.addon_id) e.addon_id = t.locationRequired;
  if (!v.terms) e.terms = t.termsRequired;
  return e;
}
