/**
 * Keeps react-admin's language in step with the one shown (./locale.ts), which a sign-in, the
 * profile or the language menu may change; and gives a person who has no language of their own yet
 * the one they see, so that the e-mails and invoices sent to them follow it.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useDataProvider, useLocaleState } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useSessionUser } from '../routing/useSessionUser';
import { currentLocale, subscribeLocale } from './locale';

export function LocaleSync() {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  const [shown, setShown] = useLocaleState();
  useEffect(() => {
    if (shown !== locale) setShown(locale);
  }, [locale, shown, setShown]);

  const user = useSessionUser();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const saved = useRef(false);
  const unset = user !== null && !user.member.locale;
  useEffect(() => {
    if (!unset || saved.current) return;
    saved.current = true;
    // Not saved this time (offline, a session ending): the next visit tries again.
    dataProvider.updatePreferences({ locale: currentLocale() }).catch(() => undefined);
  }, [unset, dataProvider]);
  return null;
}
