import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Avatar } from './avatar';
import { Button } from './button';
import { useConfirm } from './confirm';
import { Notice } from './notice';
import styles from './photo-picker.module.css';

export interface PhotoPickerProps {
  /** The current image, or null to show the placeholder. */
  src: string | null;
  /** Accessible name of the image and initials for the placeholder. */
  name: string;
  hasPhoto: boolean;
  maxMb: number;
  labels: { change: string; remove: string; hint: string; removeConfirm: string };
  /** Uploads the chosen file; throws to show its message. */
  onUpload(file: File): Promise<void>;
  onRemove(): Promise<void>;
  /** Turns a failure into the message to show. */
  describeError(error: unknown): string;
}

/**
 * An image with Change and Remove: the size is checked before uploading (spec section 5) and
 * removing asks first.
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(props.describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > props.maxMb * 1024 * 1024) {
      setError(t('errors.codes.FILE_TOO_LARGE', { n: props.maxMb }));
      return;
    }
    await run(() => props.onUpload(file));
  };

  const handleRemove = async () => {
    if (await confirm({ body: props.labels.removeConfirm, action: props.labels.remove }))
      await run(props.onRemove);
  };

  return (
    <div className={styles.actions}>
      {error && <Notice tone="error">{error}</Notice>}
      <div className={styles.row}>
        {props.src ? (
          <Avatar src={props.src} name={props.name} size={72} />
        ) : (
          <span className={styles.placeholder} role="img" aria-label={props.name}>
            {Array.from(props.name)[0]?.toLocaleUpperCase()}
          </span>
        )}
        <div className={styles.actions}>
          <div className={styles.buttons}>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="visually-hidden"
              onChange={handleFile}
              aria-label={props.labels.change}
            />
            <Button variant="secondary" busy={busy} onClick={() => input.current?.click()}>
              {props.labels.change}
            </Button>
            {props.hasPhoto && (
              <Button variant="secondary" disabled={busy} onClick={handleRemove}>
                {props.labels.remove}
              </Button>
            )}
          </div>
          <span className={styles.hint}>{props.labels.hint}</span>
        </div>
      </div>
    </div>
  );
}
