/**
 * The stored session (000 §3), on its own: the public pages and the route guards read it without
 * loading the SDK client and its contract, which ./providers brings with the signed-in app.
 */
import { browserStorage, createSession } from '@partner-panel/data-provider';
import { setTimeZone } from './i18n/locale';
import { switchPublicLocale } from './i18n/public';

export const session = createSession(browserStorage());

/**
 * The signed-in person's own language and time zone win over this browser's (issue 36): adopted
 * from the stored user at start and from every later answer that carries it.
 */
function adopt(user: ReturnType<typeof session.user>) {
  // A user stored before these settings existed has neither: the browser's are kept.
  const member = user?.member;
  if (member?.locale) void switchPublicLocale(member.locale);
  setTimeZone(member?.time_zone ?? null);
}
adopt(session.user());
session.subscribe(adopt);
