/**
 * A message for the next page, kept across a client-side navigation: a password change signs the
 * user out and the sign-in page says why; a logout the server could not record says so there too.
 */
export interface Flash {
  message: string;
  severity: 'success' | 'error';
}

let pending: Flash | null = null;

export const flash = {
  set(message: string, severity: Flash['severity'] = 'success') {
    pending = { message, severity };
  },
  peek: () => pending,
  clear() {
    pending = null;
  },
};
