/**
 * The signed-out pages' forms (register, verification, forgot and reset password) in plain React, so
 * that a page shows its fields before the contract, the client and captcha have arrived: those come
 * in ./account, which a page asks for as soon as it shows (`useAccount`) and a submission awaits.
 * The form behaves as react-hook-form's with `reValidateMode: 'onChange'`, which these pages used:
 * nothing is checked until the first submission; from then on a field is checked again as it
 * changes; a submission checks every field and sends only a valid form; the server's field errors
 * land on their fields until they change. A submission while one is on its way is dropped at once
 * (a ref: a second click or Enter may come before React has disabled the button).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Checked, FieldErrors } from './account';

/** The rules and calls of the signed-out pages, fetched once. */
export const loadAccount = () => import('./account');

/** Starts fetching ./account once the page has shown (the person is reading or typing meanwhile). */
export function useAccount() {
  useEffect(() => void loadAccount(), []);
}

/** A field's props for ./frame's `Field`. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * `check` answers the form's errors in the contract's words, or its values as the schema outputs
 * them (./account's `check`); it may wait for ./account to arrive.
 */
export function usePublicForm<V extends Record<string, string>, O>(check: (values: V) => Promise<Checked<O>>, defaults: V) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const current = useRef({ values: defaults, submitted: false, check, running: false });
  current.current.check = check;

  const set = useCallback((name: keyof V & string, value: string) => {
    const next = { ...current.current.values, [name]: value };
    current.current.values = next;
    setValues(next);
    return next;
  }, []);

  const change = useCallback(
    async (name: keyof V & string, value: string) => {
      const next = set(name, value);
      if (!current.current.submitted) return;
      const result = await current.current.check(next);
      // A later keystroke's check has the last word.
      if (current.current.values !== next) return;
      setErrors(({ [name]: _old, ...others }) => {
        const error = result.errors?.[name];
        return error === undefined ? others : { ...others, [name]: error };
      });
    },
    [set],
  );

  const field = (name: keyof V & string): BoundField => ({ name, value: values[name] ?? '', onChange: (value) => void change(name, value), error: errors[name] });

  /** The form's onSubmit: checks every field, then hands the valid values to `onValid`. */
  const submit = (onValid: (values: O) => Promise<unknown> | void) => (event: FormEvent) => {
    event.preventDefault();
    if (current.current.running) return;
    current.current.running = true;
    setSubmitting(true);
    void (async () => {
      try {
        const result = await current.current.check(current.current.values);
        setErrors(result.errors ?? {});
        if (result.errors === undefined) await onValid(result.values);
      } finally {
        current.current.submitted = true;
        current.current.running = false;
        setSubmitting(false);
      }
    })();
  };

  /** The server's field errors beside their fields. */
  const showErrors = useCallback((fields: FieldErrors) => setErrors((shown) => ({ ...shown, ...fields })), []);

  /** Back to `next` with nothing shown, as before the first submission. */
  const reset = useCallback((next: V) => {
    current.current.values = next;
    current.current.submitted = false;
    setValues(next);
    setErrors({});
  }, []);

  return { field, set, submit, submitting, showErrors, reset };
}
