import { useEffect } from 'react';
import { useTranslate } from 'ra-core';

/** Sets the browser tab's title: "<page> · Reseller Dashboard". */
export function usePageTitle(label: string) {
  const translate = useTranslate();
  useEffect(() => {
    const app = translate('pp.app.title');
    document.title = label ? `${label} · ${app}` : app;
  }, [label, translate]);
}
