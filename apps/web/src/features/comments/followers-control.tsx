import * as Popover from '@radix-ui/react-popover';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { ViewMember } from '../views/view-types';
import type { FollowSubject } from './follow-keys';
import styles from './followers.module.css';
import { FollowersBody } from './followers-body';
import { useFollowers } from './use-following';

interface FollowersControlProps {
  subject: FollowSubject;
  people: readonly ViewMember[];
  canSubscribe: boolean;
}

/**
 * Who follows an item (and hears of its comments), and subscribing more people to it: a button
 * with their count opens the list and the search of the board's people (FollowersBody).
 */
export function FollowersControl({ subject, people, canSubscribe }: FollowersControlProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { ids, subscribe } = useFollowers(subject);
  if (!ids) return null;
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
          <FollowersBody ids={ids} people={people} canSubscribe={canSubscribe} onSubscribe={subscribe} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
