import { CSRF_COOKIE } from '../contract/constants.js';

/** Reads the XSRF-TOKEN cookie in a browser; undefined elsewhere or when it is missing. */
export function readCsrfCookie(): string | undefined {
  if (typeof document === 'undefined' || typeof document.cookie !== 'string') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export const inBrowser = (): boolean => typeof document !== 'undefined';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
