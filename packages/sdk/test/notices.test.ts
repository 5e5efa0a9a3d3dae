/** The notifications' sentences: filled with their values, the count's form chosen, each well formed. */
import { describe, expect, it } from 'vitest';
import { description, descriptions, notice, notices } from '../src/index.js';

describe('notice', () => {
  it('fills the values and picks the singular form for one, the plural for any other count', () => {
    expect(notice('couponRefunded', { code: 'ABC-1', amount: '$3.00' })).toBe('Coupon ABC-1 was deleted and $3.00 refunded to your wallet.');
    expect(notice('couponsRefunded', { smart_count: 1, amount: '$3.00' })).toBe('1 coupon was deleted and $3.00 refunded.');
    expect(notice('couponsRefunded', { smart_count: 0, amount: '$0.00' })).toBe('0 coupons were deleted and $0.00 refunded.');
    expect(notice('couponsGenerated', { smart_count: 12, amount: '$540.00' })).toBe('12 coupons generated for $540.00.');
    expect(notice('operatorVerified')).toBe('The partner team verified your account.');
  });

  it('keeps a value as typed, even one that looks like a placeholder', () => {
    expect(notice('adminRenamed', { admin: 'Ann ${x}', name: '$1' })).toBe('Ann ${x} changed your name to $1.');
  });

  it("words a record's description the same way", () => {
    expect(description('couponsRefund', { smart_count: 1 })).toBe('Refund of 1 deleted coupon');
    expect(description('couponsRefund', { smart_count: 4 })).toBe('Refund of 4 deleted coupons');
    expect(description('userCredit', { name: 'Northwind', id: 1003, reason: 'Bonus' })).toBe('Credit to Northwind (#1003): Bonus');
    expect(description('walletDeposit')).toBe('Wallet Deposit');
  });

  it('has, in every sentence, the same placeholders in each form; a notice is a sentence in each form', () => {
    const forms = (text: string) => text.split('||||').map((form) => form.trim());
    for (const [name, text] of [...Object.entries(notices), ...Object.entries(descriptions)]) {
      const names = forms(text).map((form) => [...form.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).sort().join());
      expect(new Set(names).size, name).toBe(1);
      expect(forms(text).length === 1 || names[0]?.includes('smart_count'), name).toBe(true);
    }
    for (const [name, text] of Object.entries(notices)) for (const form of forms(text)) expect(form, name).toMatch(/^\S.*[.!:]|\$\{reason\}$/s);
  });
});
