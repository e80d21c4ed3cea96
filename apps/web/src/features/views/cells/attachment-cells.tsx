import { readValue } from '@strata/domain/attributes/type-registry';
import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import { File as FileIcon, FileImage, FileText, Upload, X } from 'lucide-react';
import { type ChangeEvent, type MouseEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { errorMessage } from '../../../lib/errors';
import { Spinner } from '../../../ui/spinner';
import { toasts } from '../../../ui/toast-store';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './attachment-cells.module.css';
import { isInlineImage, openAttachment } from './attachment-transfer';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { useUploads } from './use-uploads';
import { useValidatedCommit } from './use-validated-commit';

/** Files a cell shows by name before "+N". */
const SHOWN_IN_CELL = 2;

function filesOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): AttachmentEntry[] {
  const value = readValue(props.attribute, props.data);
  return Array.isArray(value) ? (value as AttachmentEntry[]) : [];
}

function FileTypeIcon({ type }: { type: string | undefined }) {
  const Icon = type?.startsWith('image/')
    ? FileImage
    : type?.startsWith('text/') || type === 'application/pdf'
      ? FileText
      : FileIcon;
  return <Icon size={14} aria-hidden="true" className={styles.icon} />;
}

/**
 * One file as a chip: its type's icon and name; a click opens an image in a new tab and
 * downloads anything else (with the session's token, as every API call).
 */
export function FileChip({ file }: { file: AttachmentEntry }) {
  const { t } = useTranslation();
  const [isOpening, setOpening] = useState(false);
  const name = file.name ?? file.id;
  const handleClick = (event: MouseEvent) => {
    // The cell must not take the click as a selection or the start of an edit.
    event.stopPropagation();
    setOpening(true);
    openAttachment(file)
      .catch((caught: unknown) => toasts.show(errorMessage(caught, t), { tone: 'error' }))
      .finally(() => setOpening(false));
  };
  return (
    <button
      type="button"
      className={styles.chip}
      title={name}
      aria-label={t(isInlineImage(file.mime_type) ? 'attachments.open' : 'attachments.download', { name })}
      aria-busy={isOpening || undefined}
      onClick={handleClick}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {isOpening ? <Spinner size={14} /> : <FileTypeIcon type={file.mime_type} />}
      <span className={styles.name}>{name}</span>
    </button>
  );
}

/** Attachments: the first files as chips that open or download them, then "+N". */
export function AttachmentsCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const files = filesOf(props);
  if (files.length === 0) return null;
  const hidden = files.length - SHOWN_IN_CELL;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons inside a grid cell, named as one; a fieldset would need a legend
    <span
      className={styles.cell}
      title={files.map((file) => file.name ?? file.id).join(', ')}
      aria-label={t('views.cells.files', { count: files.length })}
      role="group"
    >
      {files.slice(0, SHOWN_IN_CELL).map((file) => (
        <FileChip key={file.id} file={file} />
      ))}
      {hidden > 0 && <span className={styles.more}>+{hidden}</span>}
    </span>
  );
}

/**
 * Attachments: the files, each with a remove button, and an upload button (several files at
 * once). Each file is saved into the value as soon as it is uploaded; the server's message is
 * shown when one is refused (the size limit). Uploads need the network: offline they are not
 * queued, the offline message says so.
 */
export function AttachmentsEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const { target, uploading, failure, uploadEach } = useUploads();
  const [files, setFiles] = useState(() => filesOf(props));
  // Uploads finish one after the other; each saves the list as it is then.
  const current = useRef(files);
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);

  const save = (next: AttachmentEntry[]) => {
    if (!commit(next.length === 0 ? null : next, { keepOpen: true })) return false;
    current.current = next;
    setFiles(next);
    return true;
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    void uploadEach(chosen, (entry) => save([...current.current, entry]));
  };

  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<AttachmentsCell {...props} />}
    >
      {files.length === 0 ? (
        <div className={styles.muted}>{t('attachments.empty')}</div>
      ) : (
        <ul className={styles.list} aria-label={t('attachments.list')}>
          {files.map((file) => (
            <li key={file.id} className={styles.entry}>
              <FileChip file={file} />
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('attachments.remove', { name: file.name ?? file.id })}
                disabled={uploading !== null}
                onClick={() => save(files.filter((other) => other.id !== file.id))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {uploading !== null && (
        <div className={styles.progress} role="status">
          <Spinner size={14} />
          <span>{t('attachments.uploading', { name: uploading })}</span>
        </div>
      )}
      <EditorMessage error={failure ?? error} />
      {target && (
        <div className={styles.actions}>
          <input
            ref={picker}
            type="file"
            multiple
            className="visually-hidden"
            aria-label={t('attachments.upload')}
            disabled={uploading !== null}
            onChange={handleFiles}
          />
          <button
            type="button"
            className={styles.uploadButton}
            disabled={uploading !== null}
            aria-busy={uploading !== null || undefined}
            onClick={() => picker.current?.click()}
          >
            <Upload size={14} aria-hidden="true" />
            {t('attachments.upload')}
          </button>
        </div>
      )}
    </PopoverEditor>
  );
}
