import type { TrashEntry, TrashRecordType } from '@strata/contracts/trash';
import { Columns3, Folder, type LucideIcon, SquareCheckBig } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { RowListItem } from '../../ui/row-list';
import { TruncatedName } from '../../ui/truncated-name';
import styles from './trash.module.css';

const ICONS: Record<TrashRecordType, LucideIcon> = {
  item: SquareCheckBig,
  folder: Folder,
  attribute: Columns3,
};

/** One deleted record: a checkbox to select it, its kind, name, where it was and when it went. */
export function TrashRow({
  entry,
  isSelected,
  onToggle,
}: {
  entry: TrashEntry;
  isSelected: boolean;
  onToggle(): void;
}) {
  const { t, i18n } = useTranslation();
  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const Icon = ICONS[entry.type];
  const kind =
    entry.type === 'item' && entry.parent_id ? t('trash.types.subitem') : t(`trash.types.${entry.type}`);
  const name = entry.name?.trim() || t('trash.untitled');
  const details = [
    kind,
    entry.folder_name ? t('trash.inFolder', { name: entry.folder_name }) : null,
    entry.subitem_count > 0 ? t('trash.subitems', { count: entry.subitem_count }) : null,
  ].filter(Boolean);
  const deletedAt = new Date(entry.deleted_at);
  return (
    <RowListItem dense className={isSelected ? styles.selected : undefined}>
      <input
        type="checkbox"
        className={styles.check}
        checked={isSelected}
        onChange={onToggle}
        aria-label={t('trash.select', { name })}
      />
      <Icon size={18} className={styles.icon} aria-hidden="true" />
      <div className={styles.text}>
        <TruncatedName name={name} className={styles.name} />
        <span className={styles.details}>{details.join(' · ')}</span>
      </div>
      <time className={styles.when} dateTime={entry.deleted_at}>
        {t('trash.deletedAt', { when: when.format(deletedAt) })}
      </time>
    </RowListItem>
  );
}
