import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { toasts } from '../../../ui/toast-store';
import styles from './form-builder.module.css';

/** The address anyone answers a shared form at (the app's route `/form/:formId`). */
export function publicFormUrl(viewId: string): string {
  return `${window.location.origin}/form/${viewId}`;
}

/** The "Share form" switch and, when shared, the public link with Copy and Open. */
export function FormShare({
  viewId,
  shared,
  readOnly,
  onChangeShared,
}: {
  viewId: string;
  shared: boolean;
  readOnly: boolean;
  onChangeShared(shared: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const url = publicFormUrl(viewId);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show(t('forms.builder.copied'));
    } catch {
      toasts.show(t('forms.builder.copyFailed'), { tone: 'error' });
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-switch`}>
      <label className={styles.check}>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={shared}
          aria-checked={shared}
          disabled={readOnly}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChangeShared(event.currentTarget.checked)}
        />
        <span className={styles.switchLabel}>{t('forms.builder.share')}</span>
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('forms.builder.shareHint')}
      </p>
      {shared && (
        <div className={styles.row}>
          <label className={styles.visuallyHidden} htmlFor={`${id}-link`}>
            {t('forms.builder.link')}
          </label>
          <input
            id={`${id}-link`}
            className={styles.link}
            readOnly
            value={url}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void handleCopy()}>
            <Copy size={16} aria-hidden="true" />
            {t('forms.builder.copy')}
          </Button>
          <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" className="flip-in-rtl" />
            {t('forms.builder.open')}
          </a>
        </div>
      )}
    </section>
  );
}
