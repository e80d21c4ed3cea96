import type { Profile } from '@strata/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { PROFILE_QUERY } from './profile-query';

export type ProfileChanges = Partial<Pick<Profile, 'name' | 'locale' | 'timezone' | 'start_of_week'>> & {
  preferences?: Record<string, unknown>;
};

/**
 * Saves profile fields optimistically: the cached profile changes at once and goes back to what
 * it was if the server refuses (spec section 4). Offline the change is queued and the mutation
 * stays pending until its replay, so the optimistic copy stays applied meanwhile; only a refusal
 * (at once, or of the replay) reverts it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => api.put<Profile>('/api/me', changes, { queue: true }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: PROFILE_QUERY });
      const previous = queryClient.getQueryData<Profile>(PROFILE_QUERY);
      if (previous) {
        queryClient.setQueryData<Profile>(PROFILE_QUERY, {
          ...previous,
          ...changes,
          preferences: { ...previous.preferences, ...changes.preferences },
        } as Profile);
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(PROFILE_QUERY, context.previous);
    },
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY, profile),
  });
}
