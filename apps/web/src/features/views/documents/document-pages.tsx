import { FileText, Plus } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './documents.module.css';

export interface DocumentPage {
  id: string;
  title: string;
  children: DocumentPage[];
}

interface DocumentPagesProps {
  pages: readonly DocumentPage[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** Absent when this person may not add items. */
  onAdd?: () => void;
}

/** The folder's items as pages, subitems under their item, the open one marked. */
export function DocumentPages({ pages, selectedId, onSelect, onAdd }: DocumentPagesProps) {
  const { t } = useTranslation();
  const list = (level: readonly DocumentPage[]) => (
    <ul className={styles.pageList}>
      {level.map((page) => (
        <li key={page.id}>
          <button
            type="button"
            className={styles.page}
            aria-current={page.id === selectedId ? 'page' : undefined}
            onClick={() => onSelect(page.id)}
          >
            <FileText size={14} aria-hidden="true" />
            <span dir="auto" className={styles.pageTitle}>
              {page.title || t('views.documents.untitled')}
            </span>
          </button>
          {page.children.length > 0 && list(page.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className={styles.pages} aria-label={t('views.documents.pages')}>
      {list(pages)}
      {onAdd && (
        <button type="button" className={styles.addPage} onClick={onAdd}>
          <Plus size={14} aria-hidden="true" />
          {t('views.documents.newPage')}
        </button>
      )}
    </nav>
  );
}

/** Items as a page tree: top-level items in the given order, each with its subitems. */
export function pageTree<T extends { id: string; parent_id?: string | null }>(
  items: readonly T[],
  titleOf: (item: T) => string,
): DocumentPage[] {
  const children = new Map<string, DocumentPage[]>();
  const ids = new Set(items.map((item) => item.id));
  const top: DocumentPage[] = [];
  const pages = items.map((item) => ({
    item,
    page: { id: item.id, title: titleOf(item), children: [] as DocumentPage[] },
  }));
  for (const { page } of pages) children.set(page.id, page.children);
  for (const { item, page } of pages) {
    // A subitem whose parent is not here (another folder, deleted) shows at the top.
    const parent = item.parent_id && ids.has(item.parent_id) ? children.get(item.parent_id) : undefined;
    (parent ?? top).push(page);
  }
  return top;
}
