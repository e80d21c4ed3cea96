import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { MemberAvatar } from '../views/cells/choice-cells';
import { OptionList } from '../views/cells/option-list';
import type { ViewMember } from '../views/view-types';
import styles from './followers.module.css';

export interface FollowersBodyProps {
  /** Who follows, by id (undefined while loading). */
  ids: readonly number[] | undefined;
  /** Who may be subscribed: the board's people. */
  people: readonly ViewMember[];
  /** Whether the caller may subscribe people (they may comment on the board). */
  canSubscribe: boolean;
  onSubscribe(userId: number): void;
  /** What is said when everyone who may follow does (the item's wording by default). */
  everyoneFollows?: string;
}

/**
 * Who follows an item or a view, and a search of the board's people not following yet, each of
 * whom is subscribed at once when picked. Shown in the item's followers popover and the view's
 * followers dialog.
 */
export function FollowersBody({
  ids,
  people,
  canSubscribe,
  onSubscribe,
  everyoneFollows,
}: FollowersBodyProps) {
  const { t } = useTranslation();
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
    <>
      {ids.length === 0 ? (
        <p className={styles.note}>{t('comments.noFollowers')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('comments.followers')}>
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
              onToggle={(id) => onSubscribe(Number(id))}
            />
          </div>
        ) : (
          <p className={styles.note}>{everyoneFollows ?? t('comments.everyoneFollows')}</p>
        ))}
    </>
  );
}
