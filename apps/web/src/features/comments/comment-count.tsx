import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './comment-count.module.css';

/**
 * How many comments an item has, on its row or card: nothing when none. Not a control (a card is
 * a button already, and opening the item shows its comments tab): an icon and the number, with the
 * number spelled out for screen readers and on hover.
 */
export function CommentCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  const label = t('comments.count', { count });
  return (
    <span className={styles.count} title={label}>
      <MessageSquare size={12} aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
