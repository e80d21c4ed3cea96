import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of read-only server data. After an outage nothing refetches on the spot:
 * the connection's sync reloads every query after its random wait (spec section 4), so that the
 * clients back from one outage do not all reload at once. Mutations always run, offline too: the
 * request layer answers 'Offline' at once or queues the change (`api`'s `queue` option), where
 * TanStack would hold them paused in memory and lose them on reload.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { networkMode: 'always' },
  },
});
