import * as Popover from '@radix-ui/react-popover';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { toasts } from '../../ui/toast-store';
import { MemberAvatar } from '../views/cells/choice-cells';
import { OptionList } from '../views/cells/option-list';
import type { ViewMember } from '../views/view-types';
import { followersKey, followKey } from './follow-keys';
import styles from './followers.module.css';

interface FollowersControlProps {
  teamId: number;
  itemId: string;
  /** Who may be subscribed: the board's people. */
  people: readonly ViewMember[];
  /** Whether the caller may subscribe people (they may comment on the board). */
  canSubscribe: boolean;
}

/**
 * Who follows an item (and hears of its comments), and subscribing more people to it: a button
 * with their count opens the list, and a search of the board's people not following yet, each of
 * whom is subscribed at once and told so (UserSubscribedNotification).
 */
export function FollowersControl({ teamId, itemId, people, canSubscribe }: FollowersControlProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const key = followersKey(teamId, itemId);
  const path = `/api/${teamId}/items/${itemId}/followers`;
  const state = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ user_ids: number[] }>(path),
    retry: false,
  });
  const add = useMutation({
    mutationFn: (userId: number) => api.post<{ user_ids: number[] }>(path, { user_ids: [userId] }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      // The caller's own Follow toggle, when they subscribed themself.
      void queryClient.invalidateQueries({ queryKey: followKey(teamId, itemId) });
    },
    onError: (error) => toasts.show(errorMessage(error, t), { tone: 'error' }),
  });
  const ids = state.data?.user_ids;
  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);
  const candidates = useMemo(
    () =>
      people
        .filter((person) => !ids?.includes(person.id))
        .map((person) => ({
          id: String(person.id),
          label: person.name,
          content: (
            <>
              <MemberAvatar name={person.name} photo={person.photo_url} decorative />
              <bdi>{person.name}</bdi>
            </>
          ),
        })),
    [people, ids],
  );
  if (!ids) return null;
  const nameOf = (id: number) => byId.get(id)?.name ?? t('comments.removedUser');
  return (
    <Popover.Root>
      <Popover.Trigger
        className={styles.trigger}
        aria-label={t('comments.followersLabel', { count: ids.length })}
      >
        <Users size={14} aria-hidden="true" />
        <span aria-hidden="true">{ids.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          role="dialog"
          aria-labelledby={headingId}
          side="bottom"
          align="end"
          sideOffset={4}
          collisionPadding={8}
        >
          <h4 id={headingId} className={styles.heading}>
            {t('comments.followers')}
          </h4>
          {ids.length === 0 ? (
            <p className={styles.note}>{t('comments.noFollowers')}</p>
          ) : (
            <ul className={styles.list}>
              {ids.map((id) => (
                <li key={id} className={styles.person}>
                  <MemberAvatar name={nameOf(id)} photo={byId.get(id)?.photo_url} decorative />
                  <bdi className={styles.name}>{nameOf(id)}</bdi>
                </li>
              ))}
            </ul>
          )}
          {canSubscribe &&
            (candidates.length > 0 ? (
              <div className={styles.add}>
                <span className={styles.heading}>{t('comments.subscribePeople')}</span>
                <OptionList
                  label={t('comments.subscribePeople')}
                  options={candidates}
                  selected={[]}
                  onToggle={(id) => {
                    if (!add.isPending) add.mutate(Number(id));
                  }}
                />
              </div>
            ) : (
              <p className={styles.note}>{t('comments.everyoneFollows')}</p>
            ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
