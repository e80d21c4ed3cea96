import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import styles from './comments.module.css';
import { followersKey, followKey } from './follow-keys';

/**
 * Follow an item (its comments are notified) or stop following it: a toggle that says which it is.
 * One follows an item by creating it, being in its members or commenting, unless one stopped.
 */
export function FollowButton({ teamId, itemId }: { teamId: number; itemId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = followKey(teamId, itemId);
  const path = `/api/${teamId}/items/${itemId}/follow`;
  const state = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ following: boolean }>(path),
    retry: false,
  });
  const change = useMutation({
    mutationFn: (following: boolean) => api.put<{ following: boolean }>(path, { following }, { queue: true }),
    onMutate: (following) => queryClient.setQueryData(key, { following }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: followersKey(teamId, itemId) }),
      ]),
  });
  if (!state.data) return null;
  const following = state.data.following;
  return (
    <button
      type="button"
      className={styles.followButton}
      aria-pressed={following}
      onClick={() => change.mutate(!following)}
    >
      {following ? <BellOff size={14} aria-hidden="true" /> : <Bell size={14} aria-hidden="true" />}
      {following ? t('comments.unfollow') : t('comments.follow')}
    </button>
  );
}
