import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { MAX_SORTS, type SortRule, type ViewSettings } from '@strata/domain/views/view-settings';
import { Plus, X } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './toolbar.module.css';

/** The attributes a view can sort by (buttons have no value). */
export function sortableAttributes(attributes: readonly AttributeDefinition[]): AttributeDefinition[] {
  return attributes.filter((attribute) => attribute.type !== 'button');
}

/** The view's sort rules, applied in order (up to MAX_SORTS); empty values sort last either way. */
export function SortEditor({
  attributes,
  settings,
  onChangeSettings,
}: {
  attributes: readonly AttributeDefinition[];
  settings: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
}) {
  const { t } = useTranslation();
  const sortable = sortableAttributes(attributes);
  const save = (sort: SortRule[]) => onChangeSettings({ ...settings, sort });
  const unused = sortable.filter(
    (attribute) => !settings.sort.some((rule) => rule.attribute_id === attribute.id),
  );
  return (
    <div className={styles.editor}>
      {settings.sort.length === 0 && <p className={styles.hint}>{t('views.sort.none')}</p>}
      <ul className={styles.rules}>
        {settings.sort.map((rule, index) => (
          <li key={rule.attribute_id} className={styles.rule}>
            <select
              className={styles.field}
              aria-label={t('views.filter.attribute')}
              value={rule.attribute_id}
              onChange={(event) =>
                save(
                  settings.sort.map((other, at) =>
                    at === index ? { ...other, attribute_id: event.target.value } : other,
                  ),
                )
              }
            >
              {sortable
                .filter((option) => option.id === rule.attribute_id || unused.includes(option))
                .map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
            </select>
            <select
              className={styles.field}
              aria-label={t('views.sort.direction')}
              value={rule.direction}
              onChange={(event) =>
                save(
                  settings.sort.map((other, at) =>
                    at === index ? { ...other, direction: event.target.value as 'asc' | 'desc' } : other,
                  ),
                )
              }
            >
              <option value="asc">{t('views.sort.asc')}</option>
              <option value="desc">{t('views.sort.desc')}</option>
            </select>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('views.sort.remove')}
              onClick={() => save(settings.sort.filter((_, at) => at !== index))}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {unused.length > 0 && settings.sort.length < MAX_SORTS && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => save([...settings.sort, { attribute_id: unused[0]!.id, direction: 'asc' }])}
        >
          <Plus size={14} aria-hidden="true" />
          {t('views.sort.add')}
        </button>
      )}
    </div>
  );
}
