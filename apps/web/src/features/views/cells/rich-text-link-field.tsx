import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import cellStyles from './cells.module.css';
import styles from './rich-text.module.css';
import { normaliseLinkHref } from './rich-text-html';

interface RichTextLinkFieldProps {
  /** The address of the link at the selection, or '' for a new one. */
  initial: string;
  isLinked: boolean;
  onApply(href: string): void;
  onRemove(): void;
  onClose(): void;
}

/**
 * The address of the link at the selection. Only http, https and mailto addresses are applied
 * (`example.com` gets https://); anything else (javascript:, data:, …) is refused with a message.
 */
export function RichTextLinkField({ initial, isLinked, onApply, onRemove, onClose }: RichTextLinkFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [isInvalid, setIsInvalid] = useState(false);
  const messageId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      if (isLinked) onRemove();
      else onClose();
      return;
    }
    const href = normaliseLinkHref(text);
    if (href === null) setIsInvalid(true);
    else onApply(href);
  };

  return (
    <form className={styles.linkField} onSubmit={handleSubmit}>
      <input
        className={cellStyles.input}
        // biome-ignore lint/a11y/noAutofocus: the field opens because the user asked to edit the link
        autoFocus
        inputMode="url"
        aria-label={t('views.richText.linkUrl')}
        placeholder="https://"
        aria-invalid={isInvalid}
        aria-describedby={isInvalid ? messageId : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsInvalid(false);
        }}
      />
      <button type="submit" className={cellStyles.plainButton}>
        {t('views.richText.applyLink')}
      </button>
      {isLinked && (
        <button type="button" className={cellStyles.plainButton} onClick={onRemove}>
          {t('views.richText.removeLink')}
        </button>
      )}
      {isInvalid && (
        <div id={messageId} role="alert" className={`${cellStyles.inlineMessage} ${styles.linkMessage}`}>
          {t('views.richText.invalidLink')}
        </div>
      )}
    </form>
  );
}
