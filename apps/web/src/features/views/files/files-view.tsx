import type { Item } from '@strata/contracts/items';
import { formatFileSize } from '@strata/domain/attributes/file-size';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { errorMessage } from '../../../lib/errors';
import { PublicLink } from '../../../ui/public-link';
import { toasts } from '../../../ui/toast-store';
import { openAttachment } from '../cells/attachment-transfer';
import styles from './files-view.module.css';

export interface FilesViewProps {
  items: readonly Item[];
  attributes: readonly AttributeDefinition[];
  /** The item's title as the folder shows it. */
  titleOf(item: Item): string;
  onOpenItem(itemId: string): void;
  /** The list's public address and switch, for who may change the view (docs/files-view.md). */
  publishing?: { url: string; published: boolean; onChange(published: boolean): void };
  label: string;
}

interface FileRow {
  file: AttachmentEntry;
  item: Item;
}

/** Every file of the folder's items, in the folder's order, each once (the first item that holds it). */
export function folderFiles(items: readonly Item[], attributes: readonly AttributeDefinition[]): FileRow[] {
  const fileAttributes = attributes.filter((attribute) => attribute.type === 'attachments');
  const seen = new Set<string>();
  const rows: FileRow[] = [];
  for (const item of items) {
    for (const attribute of fileAttributes) {
      const data = item.values[attribute.id]?.data;
      if (!Array.isArray(data)) continue;
      for (const file of data as AttachmentEntry[]) {
        if (typeof file?.id !== 'string' || seen.has(file.id)) continue;
        seen.add(file.id);
        rows.push({ file, item });
      }
    }
  }
  return rows;
}

/**
 * The files view (docs/files-view.md): the attachments of the folder's items as one list, each
 * file downloadable and its item one click away; published, the list is a public page of
 * downloads at `/p/f{workspaceId}-{viewId}`.
 */
export function FilesView({ items, attributes, titleOf, onOpenItem, publishing, label }: FilesViewProps) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => folderFiles(items, attributes), [items, attributes]);
  const [opening, setOpening] = useState<string | null>(null);
  const download = async (file: AttachmentEntry) => {
    setOpening(file.id);
    try {
      await openAttachment(file);
    } catch (caught) {
      toasts.show(errorMessage(caught, t), { tone: 'error' });
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className={styles.view}>
      {publishing && (
        <PublicLink
          url={publishing.url}
          on={publishing.published}
          readOnly={false}
          texts={{
            label: t('views.files.publish'),
            hint: t('views.files.publishHint'),
            link: t('views.files.link'),
          }}
          onChange={publishing.onChange}
        />
      )}
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('views.files.empty')}</p>
      ) : (
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              <th scope="col">{t('views.files.file')}</th>
              <th scope="col">{t('views.files.item')}</th>
              <th scope="col" className={styles.size}>
                {t('views.files.size')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ file, item }) => (
              <tr key={file.id}>
                <td>
                  <button
                    type="button"
                    className={styles.file}
                    aria-busy={opening === file.id || undefined}
                    aria-label={t('views.files.download', { name: file.name ?? file.id })}
                    onClick={() => void download(file)}
                  >
                    <Download size={14} aria-hidden="true" />
                    <span dir="auto" className={styles.name}>
                      {file.name ?? file.id}
                    </span>
                  </button>
                </td>
                <td>
                  <button type="button" className={styles.item} onClick={() => onOpenItem(item.id)}>
                    <span dir="auto" className={styles.name}>
                      {titleOf(item) || t('views.documents.untitled')}
                    </span>
                  </button>
                </td>
                <td className={styles.size}>
                  {typeof file.size === 'number' ? formatFileSize(file.size, i18n.language) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
