/**
 * What the shell runs without showing anything: the live channel (../realtime/RealtimeBridge),
 * react-admin's check for a new version, and the rest of the shown language's words. Loaded after the first screen's reads
 * (../components/afterReads), so that neither competes with what a person came to read.
 */
import { useEffect } from 'react';
import { CheckForApplicationUpdate } from 'react-admin';
import { loadAllMessages } from '../i18n/catalogues';
import { currentLocale } from '../i18n/locale';
import { loadSentences } from '../i18n/localise';
import { RealtimeBridge } from '../realtime/RealtimeBridge';

export default function Background() {
  // The rest of the shown language's catalogue, and the contract's sentences in it, come now: the
  // next screen finds them here. A failed fetch is tried again by the screen that needs it.
  useEffect(() => {
    void loadAllMessages(currentLocale()).catch(() => undefined);
    void loadSentences(currentLocale()).catch(() => undefined);
  }, []);
  return (
    <>
      <RealtimeBridge />
      <CheckForApplicationUpdate url="/" interval={5 * 60_000} />
    </>
  );
}
