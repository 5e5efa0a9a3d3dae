/**
 * The signed-in app written the shown language's way. Right to left (Arabic), MUI's styles are
 * mirrored by stylis-plugin-rtl in an Emotion cache of their own, as MUI's RTL guide sets it up; that
 * code is fetched only for such a language.
 */
import { use, type ReactNode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';

let rtlCache: Promise<EmotionCache> | undefined;
const loadRtlCache = () =>
  (rtlCache ??= Promise.all([import('@emotion/cache'), import('stylis-plugin-rtl'), import('stylis')]).then(([{ default: createCache }, { default: rtlPlugin }, { prefixer }]) =>
    createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
  ));

export function Direction({ rtl, children }: { rtl: boolean; children: ReactNode }) {
  if (!rtl) return children;
  return <RightToLeft>{children}</RightToLeft>;
}

function RightToLeft({ children }: { children: ReactNode }) {
  const cache = use(loadRtlCache());
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
