/**
 * The browser session (000 §3): the signed-in user, its balance and the access token, each kept
 * base64-encoded in local storage, the token under a key of its own.
 */
import { PERMISSIONS, type SignedInUser } from '@partner-panel/sdk';

/** The account's fields (000 §3) and the member acting for it: their role and permissions. */
export type StoredUser = SignedInUser;

/**
 * A user stored before teams carries no member. Every such sign-in became its account's Owner, as
 * the same person id (migration 0024), so that is what it reads as until the profile is next read.
 */
function withMember(user: Omit<StoredUser, 'member'> & { member?: StoredUser['member'] }): StoredUser {
  return {
    ...user,
    member: user.member ?? { person_id: user.id, email: user.email, name: user.name, role: 'owner', permissions: [...PERMISSIONS], daily_limit: null, locale: null, time_zone: null },
  };
}

export const STORAGE_KEYS = { user: 'pp.user', token: 'pp.token', balance: 'pp.balance' } as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** base64 of UTF-8, so names with accents survive btoa. */
export function encode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decode(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** An in-memory storage for tests and for browsers that refuse local storage. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** The browser's local storage, or memory where it is refused. */
export function browserStorage(): KeyValueStorage {
  try {
    return globalThis.localStorage ?? memoryStorage();
  } catch {
    return memoryStorage();
  }
}

export type SessionListener = (user: StoredUser | null) => void;

export function createSession(storage: KeyValueStorage) {
  const listeners = new Set<SessionListener>();
  const read = (key: string): string | null => {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    try {
      return decode(raw);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => storage.setItem(key, encode(value));

  const session = {
    user(): StoredUser | null {
      const raw = read(STORAGE_KEYS.user);
      if (!raw) return null;
      try {
        return withMember(JSON.parse(raw) as StoredUser);
      } catch {
        return null;
      }
    },
    token: (): string | null => read(STORAGE_KEYS.token),
    balance(): number | null {
      const raw = read(STORAGE_KEYS.balance);
      return raw === null ? null : Number(raw);
    },
    signIn(user: StoredUser, token: string) {
      write(STORAGE_KEYS.token, token);
      session.setUser(user);
    },
    /**
     * An answer about the account alone (a profile field changed): its fields replace the stored
     * ones, and the member acting for it stays as it was.
     */
    setAccount(account: Omit<StoredUser, 'member'>) {
      const member = session.user()?.member;
      if (member) session.setUser({ ...account, member });
    },
    /** Keeps the stored user (and its balance) in step with the server's latest answer. */
    setUser(user: StoredUser) {
      write(STORAGE_KEYS.user, JSON.stringify(user));
      write(STORAGE_KEYS.balance, String(user.balance));
      for (const l of listeners) l(user);
    },
    clear() {
      for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
      for (const l of listeners) l(null);
    },
    subscribe(listener: SessionListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return session;
}

export type Session = ReturnType<typeof createSession>;
