/** react-admin's toasts, loaded with the first one (./Toasts). */
export { Notification as default } from 'react-admin';
