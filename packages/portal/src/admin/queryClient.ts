import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole session, whatever remounts the app; sign-in fills it before the app mounts. */
export const queryClient = new QueryClient();
