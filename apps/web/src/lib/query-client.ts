import { QueryClient } from '@tanstack/react-query';

/** The app's one cache of read-only server data. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});
