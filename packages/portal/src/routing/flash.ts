/**
 * A message for the next page, kept across a client-side navigation (a password change signs the
 * user out, and the sign-in page says why).
 */
let pending: string | null = null;

export const flash = {
  set(message: string) {
    pending = message;
  },
  peek: () => pending,
  clear() {
    pending = null;
  },
};
