import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { toasts } from '../../ui/toast-store';
import { type FollowSubject, followersKey, followersPath, followKey, followPath } from './follow-keys';

/** Whether the caller follows the subject, and the toggle (queued while offline). */
export function useFollowing(subject: FollowSubject) {
  const queryClient = useQueryClient();
  const key = followKey(subject);
  const state = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ following: boolean }>(followPath(subject)),
    retry: false,
  });
  const change = useMutation({
    mutationFn: (following: boolean) =>
      api.put<{ following: boolean }>(followPath(subject), { following }, { queue: true }),
    onMutate: (following) => queryClient.setQueryData(key, { following }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: followersKey(subject) }),
      ]),
  });
  return { following: state.data?.following, toggle: (following: boolean) => change.mutate(following) };
}

/** Who follows the subject, and subscribing one more person (told so: UserSubscribedNotification). */
export function useFollowers(subject: FollowSubject) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = followersKey(subject);
  const state = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ user_ids: number[] }>(followersPath(subject)),
    retry: false,
  });
  const add = useMutation({
    mutationFn: (userId: number) =>
      api.post<{ user_ids: number[] }>(followersPath(subject), { user_ids: [userId] }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      // The caller's own Follow toggle, when they subscribed themself.
      void queryClient.invalidateQueries({ queryKey: followKey(subject) });
    },
    onError: (error) => toasts.show(errorMessage(error, t), { tone: 'error' }),
  });
  return {
    ids: state.data?.user_ids,
    subscribe: (userId: number) => {
      if (!add.isPending) add.mutate(userId);
    },
  };
}
