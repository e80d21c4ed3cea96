import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import type { PageFileAttributes } from '@strata/domain/documents/page-file';
import type { Editor } from '@tiptap/react';
import { ImagePlus, Upload } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Spinner } from '../../../ui/spinner';
import cellStyles from '../cells/cells.module.css';
import { EditorMessage } from '../cells/editor-shell';
import type { Tool } from '../cells/rich-text-toolbar';
import { useUploads } from '../cells/use-uploads';
import styles from './documents.module.css';

/** The toolbar's "Insert an image or a file": opens the picker (`open`). */
export function pageFileTool(open: () => void): Tool {
  return {
    key: 'file',
    icon: ImagePlus,
    isActive: (editor) => editor.isActive('pageFile'),
    run: () => open(),
  };
}

/** A stored file as a page holds it. */
export const pageFileOf = (entry: AttachmentEntry): PageFileAttributes => ({
  id: entry.id,
  name: entry.name ?? '',
  type: entry.mime_type ?? '',
  size: entry.size ?? 0,
});

/**
 * Where a page's images and files come from, under its toolbar: files uploaded from the device
 * (into the board's files, as an attachments cell does) or those the page's item holds already.
 * Each is put at the selection as it is ready. Escape or Cancel closes it and gives the text its
 * focus back.
 */
export function PageFilePicker({
  editor,
  files,
  onClose,
}: {
  editor: Editor;
  /** The files the page's item holds in its attachments values. */
  files: readonly AttachmentEntry[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { target, uploading, failure, uploadEach } = useUploads();
  const input = useRef<HTMLInputElement>(null);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const place = (entries: readonly AttachmentEntry[]) =>
    editor.chain().focus().insertPageFiles(entries.map(pageFileOf)).run();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const placed = await uploadEach(chosen, (entry) => {
      place([entry]);
      return true;
    });
    if (placed) onClose();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the picker closes it
    <div className={`${styles.picker} ${styles.filePicker}`} onKeyDown={onKeyDown}>
      {target && (
        <>
          <input
            ref={input}
            type="file"
            multiple
            className="visually-hidden"
            aria-label={t('views.documents.files.upload')}
            tabIndex={-1}
            disabled={uploading !== null}
            onChange={upload}
          />
          <button
            type="button"
            className={cellStyles.plainButton}
            // biome-ignore lint/a11y/noAutofocus: the picker opens because the user asked for it
            autoFocus
            disabled={uploading !== null}
            aria-busy={uploading !== null || undefined}
            onClick={() => input.current?.click()}
          >
            <Upload size={14} aria-hidden="true" />
            {t('views.documents.files.upload')}
          </button>
        </>
      )}
      {uploading !== null && (
        <div className={styles.fileProgress} role="status">
          <Spinner size={14} />
          <span>{t('attachments.uploading', { name: uploading })}</span>
        </div>
      )}
      {files.length > 0 && (
        <ul className={styles.fileChoices} aria-label={t('views.documents.files.ofPage')}>
          {files.map((file) => (
            <li key={file.id}>
              <button
                type="button"
                className={cellStyles.plainButton}
                dir="auto"
                disabled={uploading !== null}
                onClick={() => {
                  place([file]);
                  onClose();
                }}
              >
                {file.name ?? file.id}
              </button>
            </li>
          ))}
        </ul>
      )}
      <EditorMessage error={failure} />
      <button type="button" className={cellStyles.plainButton} onClick={close}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
