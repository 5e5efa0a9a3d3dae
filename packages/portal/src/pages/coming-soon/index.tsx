import { lazy } from 'react';

const ComingSoonPage = lazy(() => import('./ComingSoonPage'));
export const ShellPage = lazy(() => import('./ShellPage'));

/** The Coming Soon placeholder (002 §2) for a screen not built yet, titled with its menu label. */
export const comingSoon = (title: string) => <ComingSoonPage title={title} />;
