import { Bell } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { loadCataloguePart } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import styles from './notifications.module.css';
import { useUnreadCount } from './use-unread-count';

/** The list opens from the bell: its code and its texts load the first time. */
const NotificationPanel = lazy(() =>
  Promise.all([import('./notification-panel'), loadCataloguePart('notifications')]).then(
    ([module]) => module,
  ),
);

/** The header's bell: the unread count, live, and the notifications under it. */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const label = count > 0 ? t('bell.unread', { count }) : t('bell.label');
  return (
    <>
      <button
        ref={bell}
        type="button"
        className={styles.bell}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Bell size={18} aria-hidden="true" />
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel anchor={bell} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
