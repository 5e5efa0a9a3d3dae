/**
 * The pages of no screen of their own, each loaded when shown: the shell of an address nothing
 * claims (a section's `/{menu}/{submenu}/…`, 000 §2) and the Coming Soon placeholder.
 */
import { lazy } from 'react';

const ComingSoonPage = lazy(() => import('./ComingSoonPage'));
export const ShellPage = lazy(() => import('./ShellPage'));

/** The Coming Soon placeholder (002 §2) for a screen not built yet, titled with its menu label. */
export const comingSoon = (title: string) => <ComingSoonPage title={title} />;
