/** The documented redirects of 000 §2, built from the stored user's custom_url. */
import { Navigate, type NavigateProps } from 'react-router-dom';
import { FullPageSpinner } from '../public/FullPageSpinner';
import { paths, prefixOf, type PageKey } from './paths';
import { useSessionUser } from './useSessionUser';

/**
 * A redirect that shows the loading indicator meanwhile. The router navigates in a transition, and
 * while the next page's code loads React keeps what the redirect rendered: with a bare <Navigate>
 * that is nothing, a blank screen between sign-in and the dashboard.
 */
export function Redirect(props: NavigateProps) {
  return (
    <>
      <FullPageSpinner />
      <Navigate {...props} />
    </>
  );
}

/** Sends the signed-in user to one of its own pages. */
export function ToOwn({ page }: { page: PageKey }) {
  const user = useSessionUser();
  if (!user) return <Redirect to="/login" replace />;
  return <Redirect to={paths(prefixOf(user))[page]} replace />;
}
