import type { AppVars } from '@strata/contracts/app-vars';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The server's app variables (read-only server data: TanStack Query). */
export function useAppVars() {
  return useQuery({
    queryKey: ['app-vars'],
    queryFn: () => api.get<AppVars>('/api/app-vars', { auth: false }),
    staleTime: 60 * 60 * 1000,
  });
}
