import { describe, expect, it } from 'vitest';
import {
  couponQuantityField,
  depositAmountField,
  dollarsToCents,
  emailField,
  errors,
  fallbackMessage,
  formatMessage,
  fullNameField,
  hashField,
  invoiceAmountField,
  isEmail,
  isStrongPassword,
  messages,
  registerEmailField,
  strongPasswordField,
} from '../src/index.js';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('password rule (000 §5)', () => {
  it('accepts a password with every required class', () => {
    expect(isStrongPassword('Abcdefgh123!')).toBe(true);
    expect(isStrongPassword('xY9{long-enough}')).toBe(true);
  });
  it.each([
    ['Abcdefg12!', 'shorter than 12'],
    ['abcdefgh123!', 'no uppercase'],
    ['ABCDEFGH123!', 'no lowercase'],
    ['Abcdefghijk!', 'no digit'],
    ['Abcdefgh1234', 'no special character'],
    ['Abcdefgh123-', 'a special character outside the list'],
    ['Abcdefgh123!UNION', 'UNION'],
    ['Abcdefgh123!select', 'SELECT in any case'],
    ['Abcdefgh123!INSERT', 'INSERT'],
    ['Abcdefgh123!%0A', '%0A'],
    ['Abcdefgh123!%0d', '%0D'],
    ['Abcdefgh123!%00', '%00'],
    ['Abcdefgh123!1=1', '1=1'],
    ['Abcdefgh123!<', '<'],
    ['Abcdefgh123!>', '>'],
    ['Abcdefgh123!?', '?'],
    ['Abcdefgh123!*', '*'],
    ['Abcdefgh123!(', '('],
    ['Abcdefgh123!)', ')'],
  ])('refuses %s (%s) with the exact message', (password) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(firstError(strongPasswordField.safeParse(password))).toBe(
      'Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,',
    );
  });
  it('says the password is required when empty', () => {
    expect(firstError(strongPasswordField.safeParse(''))).toBe('Password is required');
  });
});

describe('e-mail format (000 §5)', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', 'x_y%z-1@host-name.museum'])('accepts %s', (e) => {
    expect(isEmail(e)).toBe(true);
  });
  it.each(['plain', 'a@b', 'a@b.c', 'a@b.abcdefghijklmnop', 'a b@c.com', 'a@b.c0m', "o'neil@x.com"])('refuses %s', (e) => {
    expect(isEmail(e)).toBe(false);
  });
  it('requires the address', () => {
    expect(firstError(emailField.safeParse(''))).toBe('Email address is required');
    expect(firstError(emailField.safeParse('nope'))).toBe(messages.emailInvalid);
  });
  it('limits the register address to 50 characters', () => {
    const long = `${'a'.repeat(41)}@mail.com`; // 50
    expect(registerEmailField.safeParse(long).success).toBe(true);
    expect(firstError(registerEmailField.safeParse(`a${long}`))).toBe(messages.emailTooLong);
  });
});

describe('names', () => {
  it('needs one line of text without control characters', () => {
    expect(fullNameField.safeParse('  Ann Example  ').data).toBe('Ann Example');
    expect(firstError(fullNameField.safeParse('   '))).toBe(messages.fullNameRequired);
    expect(firstError(fullNameField.safeParse('Ann\nBcc: x@evil.test'))).toBe('The name may not contain line breaks or control characters');
    expect(firstError(fullNameField.safeParse('Ann\u0007'))).toBe('The name may not contain line breaks or control characters');
  });
});

describe('hashes, quantities and amounts', () => {
  it('refuses a hash under 15 characters', () => {
    expect(hashField.safeParse('a'.repeat(14)).success).toBe(false);
    expect(hashField.safeParse('a'.repeat(15)).success).toBe(true);
  });
  it('allows 1 to 60 coupons, and up to 10 000 for the partner reseller', () => {
    expect(couponQuantityField(false).safeParse(0).success).toBe(false);
    expect(couponQuantityField(false).safeParse(1).success).toBe(true);
    expect(couponQuantityField(false).safeParse(60).success).toBe(true);
    expect(firstError(couponQuantityField(false).safeParse(61))).toBe('Quantity must be between 1 and 60');
    expect(couponQuantityField(true).safeParse(10_000).success).toBe(true);
    expect(couponQuantityField(true).safeParse(10_001).success).toBe(false);
    expect(couponQuantityField(false).safeParse(1.5).success).toBe(false);
  });
  it('parses dollars into cents exactly', () => {
    expect(dollarsToCents('2000')).toBe(200_000);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('1.005')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
  it('needs a deposit of at least $2000 (002 §5)', () => {
    expect(firstError(depositAmountField.safeParse(''))).toBe('Please enter valid amount');
    expect(firstError(depositAmountField.safeParse('1999.99'))).toBe('Amount should be greater than $2000');
    expect(depositAmountField.safeParse('2000').data).toBe(200_000);
  });
  it('keeps an invoice between $100 and $10,000 (002 §5)', () => {
    expect(firstError(invoiceAmountField.safeParse(99))).toBe('Invoice Amount must be greater than $100!');
    expect(firstError(invoiceAmountField.safeParse(10_000.01))).toBe('Invoice Amount must be less than $10,000!');
    expect(invoiceAmountField.safeParse(100).data).toBe(10_000);
    expect(invoiceAmountField.safeParse(10_000).data).toBe(1_000_000);
  });
});

describe('error catalogue', () => {
  it('fills placeholders of the insufficient-balance message', () => {
    expect(formatMessage(errors.insufficientBalance.message, { balance: '10.00', amount: '25.50' })).toBe(
      'Insufficient Balance! your current balance is: 10.00 and transaction amount is: 25.50',
    );
  });
  it('renders the client fallbacks with their code', () => {
    expect(fallbackMessage(errors.fetchCouponList)).toBe('code : rspf-003, Unable to fetch coupon list');
    expect(fallbackMessage(errors.downloadCoupons)).toBe('code : rspf-013, Unable to download coupons');
    expect(fallbackMessage(errors.generateCoupons)).toBe('code : rspf-301, Unable to generate coupons');
  });
  it('holds the spec codes verbatim', () => {
    expect(errors.loginFailed).toMatchObject({ code: 'rspf-login-1011', message: 'Unable to Login' });
    expect(errors.logoutFailed.code).toBe('rspf-logout-1012');
    expect(errors.updateProfileFailed.code).toBe('rspf-update-profile-1022');
    expect(errors.fetchDetails).toMatchObject({ code: 'rspf-101', message: 'Unable to fetch details' });
    expect(errors.csrfMissing.message).toBe('CSRF token not found. Please refresh the page and try again.');
  });
  it('reserves header status forbidden for a lost session', () => {
    const forbidden = Object.entries(errors).filter(([, e]) => 'status' in e && e.status === 'forbidden');
    expect(forbidden.map(([name]) => name)).toEqual(['sessionExpired']);
  });
});
