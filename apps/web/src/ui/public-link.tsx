import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { usePendingValue } from '../lib/use-pending-value';
import { Button } from './button';
import styles from './public-link.module.css';
import { toasts } from './toast-store';

export interface PublicLinkTexts {
  /** The switch's label ("Share form", "Publish to the web"). */
  label: string;
  /** What switching it on does, under it. */
  hint: string;
  /** The address field's name. */
  link: string;
}

/**
 * A switch that opens something to anyone, and, while on, its public address with Copy and
 * Open (a form's page, a published site).
 */
export function PublicLink({
  url,
  on,
  readOnly,
  texts,
  onChange,
}: {
  url: string;
  on: boolean;
  readOnly: boolean;
  texts: PublicLinkTexts;
  onChange(on: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, show] = usePendingValue(on);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show(t('common.linkCopied'));
    } catch {
      toasts.show(t('common.copyFailed'), { tone: 'error' });
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-switch`}>
      <label className={styles.check}>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={shown}
          aria-checked={shown}
          disabled={readOnly}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            show(event.currentTarget.checked);
            onChange(event.currentTarget.checked);
          }}
        />
        <span className={styles.switchLabel}>{texts.label}</span>
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {texts.hint}
      </p>
      {shown && (
        <div className={styles.row}>
          <label className={styles.visuallyHidden} htmlFor={`${id}-link`}>
            {texts.link}
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
            {t('common.copy')}
          </Button>
          <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" className="flip-in-rtl" />
            {t('common.open')}
          </a>
        </div>
      )}
    </section>
  );
}
