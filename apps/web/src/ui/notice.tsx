import type { ReactNode } from 'react';
import styles from './notice.module.css';

/** An inline message in a form or page: error (announced), success or info. */
export function Notice({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
