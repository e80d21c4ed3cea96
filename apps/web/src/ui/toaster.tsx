import { type PointerEvent, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { TOAST_SWIPE_DISMISS_PX, type Toast, toasts } from './toast-store';
import styles from './toaster.module.css';

/** The toast region, bottom end of the screen (bottom-right in left-to-right languages). */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(toasts.subscribe, toasts.current, toasts.current);
  return (
    <section className={styles.region} aria-live="polite" aria-label={t('common.notifications')}>
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

/** A toast follows a horizontal drag and is dismissed past 80 px. */
function ToastItem({ toast }: { toast: Toast }) {
  const start = useRef<number | null>(null);
  const element = useRef<HTMLDivElement>(null);
  const handleDown = (event: PointerEvent) => {
    start.current = event.clientX;
    element.current?.setPointerCapture(event.pointerId);
  };
  const handleMove = (event: PointerEvent) => {
    if (start.current === null || !element.current) return;
    element.current.style.transform = `translateX(${event.clientX - start.current}px)`;
  };
  const handleUp = (event: PointerEvent) => {
    if (start.current === null || !element.current) return;
    const distance = Math.abs(event.clientX - start.current);
    start.current = null;
    element.current.style.transform = '';
    if (distance > TOAST_SWIPE_DISMISS_PX) toasts.dismiss(toast.id);
  };
  return (
    <div
      ref={element}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`${styles.toast} ${styles[toast.tone] ?? ''} ${toast.leaving ? styles.leaving : ''}`}
      onPointerDown={handleDown}
      onPointerMove={handleMove}
      onPointerUp={handleUp}
      onPointerCancel={handleUp}
    >
      {toast.message}
    </div>
  );
}
