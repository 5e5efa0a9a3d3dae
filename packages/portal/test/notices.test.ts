/**
 * A notification in the reader's language: the server words it in English (one of the contract's
 * notices); the portal recognises which, and shows that sentence of the reader's catalogue with the
 * same values — its amounts, days and billing cycles in the reader's own words and formats.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { description, notice } from '@partner-panel/sdk';
import { formatters } from '../src/components/format';
import { loadSentences, localise } from '../src/i18n/localise';
import { serverValue } from '../src/i18n/serverWords';
import { messages as german } from '../src/i18n/de/index';

type Tree = { [key: string]: string | Tree };
const translate = (key: string) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], german);
  if (typeof found !== 'string') throw new Error(`no ${key} in the German catalogue`);
  return found;
};
const format = formatters('de', 'Europe/Berlin');
const inGerman = (text: string) => localise(text, 'de', { groups: ['notices'], value: (value) => serverValue(value, format, translate) });

beforeAll(async () => {
  await Promise.all([loadSentences('de'), loadSentences('ru')]);
});

describe("a notification in the reader's language", () => {
  it('is the sentence of their catalogue, its amount written their way', () => {
    expect(inGerman(notice('couponRefunded', { code: 'ABC-1', amount: '$1,234.50' }))).toBe(
      'Der Gutschein ABC-1 wurde gelöscht und 1.234,50\u00a0$ wurden Ihrer Wallet erstattet.',
    );
  });

  it("takes the form of the reader's language for the count (three forms in Russian)", () => {
    const russian = (n: number) => localise(notice('couponsRefunded', { smart_count: n, amount: '$3.00' }), 'ru', { groups: ['notices'] });
    expect(russian(1)).toBe('Удалён 1 купон, возвращено $3.00.');
    expect(russian(3)).toBe('Удалено 3 купона, возвращено $3.00.');
    expect(russian(11)).toBe('Удалено 11 купонов, возвращено $3.00.');
  });

  it('writes a day, a minute in UTC and a billing cycle in their words', () => {
    expect(inGerman(notice('vpnRenewed', { username: 'ada', date: '2027-01-07', amount: '$3.00' }))).toBe(
      'Das VPN-Konto ada wurde bis 7. Januar 2027 verlängert (3,00\u00a0$).',
    );
    expect(inGerman(notice('webhookDisabledLive', { url: 'https://example.com/hook', since: '2026-12-08 09:30' }))).toBe(
      'Ihr Live-Webhook-Endpunkt https://example.com/hook wurde deaktiviert: Er hat seit 08.12.26, 09:30 UTC keine Zustellung angenommen.',
    );
    expect(inGerman(notice('adminPriceRecurring', { admin: 'Ann', cycle: 'Monthly Plan (1 Month)', amount: '$4.50' }))).toBe(
      `Ann hat Ihren wiederkehrenden Preis für ${translate('pp.cycles.monthly')} auf 4,50\u00a0$ gesetzt.`,
    );
  });

  it('knows the wordier of two sentences that both fit: the operator is not a name', () => {
    expect(inGerman(notice('operatorCredited', { amount: '$5.00', reason: 'Goodwill' }))).toBe('Der Betreiber hat Ihrer Wallet 5,00\u00a0$ gutgeschrieben: Goodwill');
    expect(inGerman(notice('adminCredited', { admin: 'Ann', amount: '$5.00', reason: 'Goodwill' }))).toBe('Ann hat Ihrer Wallet 5,00\u00a0$ gutgeschrieben: Goodwill');
    expect(inGerman(notice('invoiceSentByAdmin', { invoice: 7, amount: '$5.00' }))).toBe('Ihr Administrator hat Ihnen die Rechnung Nr. 7 über 5,00\u00a0$ gesendet.');
  });

  it('keeps what a person typed as typed, and a text of no notice as it came', () => {
    expect(inGerman(notice('operatorSuspended', { reason: 'Unpaid $5.00 since 2026-01-01' }))).toContain(': Unpaid $5.00 since 2026-01-01. ');
    expect(inGerman('Something the catalogue never said.')).toBe('Something the catalogue never said.');
    // A notice is only ever one of the notices: a refusal's sentence is not looked for.
    expect(localise('Coupon not found', 'de', { groups: ['notices'] })).toBe('Coupon not found');
  });

  it("words the descriptions the server keeps the reader's way, apart from the notices", () => {
    const described = (text: string) => localise(text, 'de', { groups: ['descriptions'], value: (value) => serverValue(value, format, translate) });
    expect(described(description('coupons', { quantity: 5, cycle: 'Annually Plan (12 Months)' }))).toBe(`Gutscheine: 5 × ${translate('pp.cycles.annually')}`);
    expect(described(description('operatorCredit', { reason: 'Goodwill' }))).toBe('Gutschrift vom Betreiber: Goodwill');
    expect(described(description('adminCredit', { admin: 'Ann', reason: 'Goodwill' }))).toBe('Gutschrift von Ann: Goodwill');
    expect(described(description('walletDeposit'))).toBe('Wallet-Aufladung');
    expect(described(description('sandboxSet', { amount: '$10,000.00' }))).toBe('Sandbox-Guthaben auf 10.000,00\u00a0$ gesetzt');
    // What an admin typed as an invoice's description is theirs.
    expect(described('Consulting, November')).toBe('Consulting, November');
    expect(localise(description('walletDeposit'), 'de', { groups: ['notices'] })).toBe('Wallet Deposit');
    // A refusal, a rule or an answer is looked for among their own sentences only.
    expect(localise(description('settlement', { note: 'Wire 42' }), 'de')).toBe('Settlement: Wire 42');
  });
});
