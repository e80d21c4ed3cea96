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

/** An iframe snippet that shows `url` in another site (the public pages that allow framing). */
export function embedSnippet(url: string, title: string): string {
  const attribute = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
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
  embed,
  onChange,
}: {
  url: string;
  on: boolean;
  readOnly: boolean;
  texts: PublicLinkTexts;
  /** While on, the code that embeds it in another site (embedSnippet), under this label. */
  embed?: { label: string; code: string };
  onChange(on: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, show] = usePendingValue(on);

  const handleCopy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
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
          <Button variant="secondary" onClick={() => void handleCopy(url)}>
            <Copy size={16} aria-hidden="true" />
            {t('common.copy')}
          </Button>
          <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" className="flip-in-rtl" />
            {t('common.open')}
          </a>
        </div>
      )}
      {shown && embed && (
        <div className={styles.embed}>
          <label className={styles.embedLabel} htmlFor={`${id}-embed`}>
            {embed.label}
          </label>
          <div className={styles.row}>
            <textarea
              id={`${id}-embed`}
              className={styles.code}
              readOnly
              rows={3}
              dir="ltr"
              value={embed.code}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void handleCopy(embed.code)}>
              <Copy size={16} aria-hidden="true" />
              {t('common.copy')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
