import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './comments.module.css';
import type { FollowSubject } from './follow-keys';
import { useFollowing } from './use-following';

/**
 * Follow an item (its comments are notified) or stop following it: a toggle that says which it is.
 * One follows an item by creating it, being in its members or commenting, unless one stopped.
 */
export function FollowButton({ subject }: { subject: FollowSubject }) {
  const { t } = useTranslation();
  const { following, toggle } = useFollowing(subject);
  if (following === undefined) return null;
  return (
    <button
      type="button"
      className={styles.followButton}
      aria-pressed={following}
      onClick={() => toggle(!following)}
    >
      {following ? <BellOff size={14} aria-hidden="true" /> : <Bell size={14} aria-hidden="true" />}
      {following ? t('comments.unfollow') : t('comments.follow')}
    </button>
  );
}
