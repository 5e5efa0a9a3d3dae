/** What the portal needs to show a notification: its parsed data, its words, its link, its age. */
import { notificationDataSchema, type NotificationData } from '@partner-panel/sdk';
import { currentLocale } from '../i18n/locale';
import { useServerWords } from '../i18n/serverWords';

export interface NotificationRow {
  uid: string;
  read_at: string | null;
  data: string;
  created_at: string;
}

export function parseData(row: NotificationRow): NotificationData {
  try {
    return notificationDataSchema.parse(JSON.parse(row.data));
  } catch {
    return { message: row.data, type: 'unknown', created_at: row.created_at, redirect: null, Id: null };
  }
}

/** A notification's redirect is a path under the reseller's own prefix. */
export function redirectPath(base: string, redirect: string | null): string | null {
  if (!redirect) return null;
  return `${base}/${redirect.replace(/^\/+/, '')}`;
}

/** In the shown language ("2 hours ago", "hace 2 horas"), made once per language. */
const relatives = new Map<string, Intl.RelativeTimeFormat>();
const relativeIn = (locale: string) => {
  let format = relatives.get(locale);
  if (!format) relatives.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
};
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function timeAgo(iso: string, now = Date.now(), locale: string = currentLocale()): string {
  const relative = relativeIn(locale);
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

export const NOTIFICATION_QUERY = ['notifications'] as const;
/** The bell's query: the unread ones and their count. */
export const BELL_QUERY = [...NOTIFICATION_QUERY, 'unread'] as const;

/** How the bell and the Notifications page word a notification: in the reader's language (../i18n/serverWords). */
export const useNoticeText = () => useServerWords('notices');
