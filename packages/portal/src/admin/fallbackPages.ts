/** react-admin's pages the signed-in app rarely shows, loaded when one is shown (./AdminApp). */
export { AccessDenied, AuthCallback, AuthenticationError, Error } from 'react-admin';
