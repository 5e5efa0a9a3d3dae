/** A labelled input with its hint and its error, tied together for screen readers. */
import type { ComponentChildren } from 'preact';
import type { Field as Name } from './validate';

interface Props {
  id: Name;
  label: string;
  value: string;
  error: string | undefined;
  onInput(value: string): void;
  type?: string;
  hint?: string;
  autoComplete?: string;
  extra?: Record<string, string | boolean>;
  children?: ComponentChildren;
}

export function Field({ id, label, value, error, onInput, type = 'text', hint, autoComplete, extra, children }: Props) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    name: id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    onInput: (e: Event) => onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children ? (
        <select {...common}>{children}</select>
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} {...extra} />
      )}
      {hint && <p id={`${id}-hint`} class="hint">{hint}</p>}
      {error && <p id={`${id}-error`} class="error">{error}</p>}
    </div>
  );
}
