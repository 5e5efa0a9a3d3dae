/** The documented redirects of 000 §2, built from the stored user's custom_url. */
import { Navigate } from 'react-router-dom';
import { paths, prefixOf, type PageKey } from './paths';
import { useSessionUser } from './useSessionUser';

/** Sends the signed-in user to one of its own pages. */
export function ToOwn({ page }: { page: PageKey }) {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  return <Navigate to={paths(prefixOf(user))[page]} replace />;
}
