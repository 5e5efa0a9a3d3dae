/**
 * Route guards (000 §2, §4): they depend on whether the stored user exists and, for a page, on its
 * area of the access rules (is_admin for an admin's pages). The server checks every call again.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { areaAllows, isOperator, type Area } from '@partner-panel/data-provider';
import { HASH_MIN, paths, prefixOf, type PageKey } from './paths';
import { Redirect } from './redirects';
import { useSessionUser } from './useSessionUser';

/** Public-only pages send a signed-in visitor to /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return useSessionUser() ? <Redirect to="/dashboard" replace /> : <>{children}</>;
}

/** Signed-in pages send a visitor without a stored user to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const location = useLocation();
  return useSessionUser() ? <>{children}</> : <Redirect to="/login" replace state={{ from: location.pathname }} />;
}

/** A hash under 15 characters goes to /login. */
export function RequireHash({ children }: { children: ReactNode }) {
  const { hash = '' } = useParams();
  return hash.length < HASH_MIN ? <Navigate to="/login" replace /> : <>{children}</>;
}

/**
 * A page the account does not get (most often reseller 903's, or an admin's pages without
 * is_admin) leads to the nearest page it does: one of its own pages, or the dashboard (where `/`
 * leads too); the operator, which has no dashboard, to its catalogue. Every signed-in page is behind it, with the `access` its section declares. (A page the
 * member's role does not allow shows the 'not allowed' page instead: admin/RequireCall.) It reads
 * the account's rule alone, so the entry carries no contract.
 */
export function RequireArea({ area, children, otherwise = 'overview' }: { area: Area; children: ReactNode; otherwise?: PageKey }) {
  const user = useSessionUser();
  if (areaAllows(user, { resource: area })) return <>{children}</>;
  // The operator has no dashboard: a reseller's page (the short forms, `/`) leads it to its catalogue.
  const to = isOperator(user) ? 'catalogue' : otherwise;
  return <Navigate to={user ? paths(prefixOf(user))[to] : '/login'} replace />;
}

/**
 * The first segment of a signed-in path is the reseller's own custom_url; a link carrying another
 * one (an old bookmark after a rename, another reseller's link) is rewritten to the user's own.
 */
export function OwnPrefix({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const { cu } = useParams();
  const location = useLocation();
  if (user && cu && cu !== user.custom_url) {
    const rest = location.pathname.slice(cu.length + 1);
    return <Redirect to={`/${user.custom_url}${rest}${location.search}`} replace />;
  }
  return <>{children}</>;
}
