import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LanguageSelect } from '../preferences';
import styles from './auth.module.css';

/** The centred card every signed-out screen uses. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.language}>
        <LanguageSelect compact />
      </div>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" />
          <span>{t('app.name')}</span>
        </div>
        <header className={styles.heading}>
          <h1 id="auth-title">{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </header>
        {children}
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </section>
    </main>
  );
}

export { styles as authStyles };
