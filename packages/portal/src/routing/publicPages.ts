/**
 * The signed-out pages other than /login, each a chunk of its own (/login carries none of them).
 * The one the address names is asked for as soon as the entry starts to run, before React and the
 * router are evaluated (main.tsx imports this module before anything else), and main.tsx
 * mounts the app once the page is in, so that the first render shows it at once. Rendered before
 * its code is in, it would show the loading indicator first, and React reveals what a Suspense
 * boundary held back at most every 300 ms.
 */
import { matchPath } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { publicPaths } from './paths';

export const RegisterPage = lazyPage(() => import('../public/RegisterPage'));
export const VerificationPage = lazyPage(() => import('../public/VerificationPage'));
export const ForgotPasswordPage = lazyPage(() => import('../public/ForgotPasswordPage'));
export const ResetPasswordPage = lazyPage(() => import('../public/ResetPasswordPage'));
export const InvitationPage = lazyPage(() => import('../public/InvitationPage'));

const pages = [
  [publicPaths.register, RegisterPage],
  [publicPaths.verification, VerificationPage],
  [publicPaths.forgot, ForgotPasswordPage],
  [publicPaths.reset, ResetPasswordPage],
  [publicPaths.invitation, InvitationPage],
] as const;

/** The code of the signed-out page at `pathname`, if it is one of these (settles at once otherwise). */
function preload(pathname: string): Promise<unknown> {
  const page = pages.find(([path]) => matchPath(path, pathname));
  return page ? page[1].preload() : Promise.resolve();
}

/** The page the visitor arrived on, on its way (a failure settles it too: the page asks again as it renders). */
export const arrivedPage = preload(window.location.pathname).catch(() => undefined);
