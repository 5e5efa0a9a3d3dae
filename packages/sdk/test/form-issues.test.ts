/**
 * An emptied, whitespace-only or odd form value reads the catalogue's sentence for its field, the
 * one the server answers, never zod's default text (000 §5, 002 §5).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contract,
  couponQuantityField,
  depositAmountField,
  emailField,
  formIssueSentence,
  fullNameField,
  invoiceAmountField,
  issueSentence,
  messages,
  passwordRequiredField,
  requiredText,
  strongPasswordField,
} from '../src/index.js';

const LIBRARY_WORDS = /Invalid input|expected|received|NaN|undefined|null|\[object/;
const ODD = [null, undefined, '', '   ', '\t', Number.NaN, {}, [], true];
/** The spec's own sentences may hold such a word ('User undefined'); those are ours. */
const CATALOGUE = new Set<unknown>(Object.values(messages).filter((m) => typeof m === 'string'));
const messagesOf = (schema: z.ZodType, value: unknown, error = formIssueSentence) => {
  const result = schema.safeParse(value, { error });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('emptied and odd form values', () => {
  it("give a required text field its own sentence, never the library's", () => {
    const cases: [z.ZodType, string][] = [
      [requiredText(messages.fieldEmpty), messages.fieldEmpty],
      [emailField, messages.emailRequired],
      [fullNameField, messages.fullNameRequired],
      [passwordRequiredField, messages.passwordRequired],
      [strongPasswordField, messages.passwordRequired],
    ];
    for (const [schema, sentence] of cases) {
      for (const value of [null, undefined, '', 42, {}]) {
        // Without the form's error map too: the sentence is the schema's own.
        expect(messagesOf(schema, value, issueSentence)[0], JSON.stringify(value)).toBe(sentence);
      }
    }
    expect(messagesOf(requiredText(messages.fieldEmpty), '   ')).toEqual([messages.fieldEmpty]);
    expect(messagesOf(emailField, '  ')[0]).toBe(messages.emailRequired);
  });

  it('give the amounts and the quantity their sentences, in every branch a form may show', () => {
    for (const value of ODD) {
      for (const [schema, sentence] of [
        [depositAmountField, messages.amountInvalid],
        [invoiceAmountField, messages.amountInvalid],
        [couponQuantityField(false), messages.quantityRange],
      ] as const) {
        expect(messagesOf(schema, value)).toEqual([sentence]);
        // react-hook-form's resolver shows a union's first branch issue, not the union's own.
        const issue = schema.safeParse(value, { error: formIssueSentence }).error?.issues[0];
        if (issue?.code === 'invalid_union') expect(issue.errors[0]?.[0]?.message).toBe(sentence);
      }
    }
  });

  it("read 'Field is empty' where a schema words nothing, and a sentence naming the field otherwise", () => {
    const bare = z.object({ name: z.string().max(5), count: z.number() });
    for (const value of [null, undefined, Number.NaN]) {
      expect(messagesOf(bare, { name: value, count: 1 })).toEqual([messages.fieldEmpty]);
      expect(messagesOf(bare, { name: 'ok', count: value })).toEqual([messages.fieldEmpty]);
    }
    expect(messagesOf(bare, { name: 'far too long', count: 1 })).toEqual(['The name field may not be longer than 5 characters.']);
    expect(messagesOf(bare, { name: 'ok', count: 'x' })).toEqual(['The count field is not valid.']);
    expect(messagesOf(bare, { name: 'ok', count: 'x' }, issueSentence)).toEqual(['The count field must be a number.']);
  });

  it('never show library words for any odd value in any field of the calls forms send', () => {
    const bodies = Object.values(contract).flatMap((call) => ('body' in call && call.body instanceof z.ZodObject ? [call.body] : []));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      for (const key of Object.keys(body.shape)) {
        for (const value of [...ODD, '😀', 'مرحبا', 'x'.repeat(10_000)]) {
          for (const message of messagesOf(body, { [key]: value }).filter((m) => !CATALOGUE.has(m))) expect(message, `${key}=${JSON.stringify(value)?.slice(0, 20)}`).not.toMatch(LIBRARY_WORDS);
        }
      }
    }
  });
});
