import type { ViewAttribute } from '@strata/domain/views/view-rows';
import { GANTT_ZOOMS, type ViewSettings } from '@strata/domain/views/view-settings';
import { useTranslation } from '../../../i18n/use-translation';
import { Dropdown } from '../../../ui/dropdown';
import styles from './gantt.module.css';

const NONE = '';

/**
 * The gantt's toolbar: today, the time scale, and for who may change the view, the attribute
 * the bars come from, the progress drawn in them and the critical path.
 */
export function GanttSettingsBar(props: {
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  datesAttributeId: string;
  onChangeSettings(next: ViewSettings): void;
  onToday(): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, settings } = props;
  const change = (patch: Partial<ViewSettings>) => props.onChangeSettings({ ...settings, ...patch });
  const dated = attributes.filter((a) => a.type === 'date' || a.type === 'date_range');
  const measures = attributes.filter((a) => a.type === 'progress' || a.type === 'number');
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.button} onClick={props.onToday}>
        {t('views.gantt.today')}
      </button>
      <fieldset className={styles.zooms}>
        <legend className="visually-hidden">{t('views.gantt.zoom')}</legend>
        {GANTT_ZOOMS.map((zoom) => (
          <button
            key={zoom}
            type="button"
            className={styles.zoom}
            aria-pressed={settings.gantt_zoom === zoom}
            onClick={() => change({ gantt_zoom: zoom })}
          >
            {t(`views.gantt.zooms.${zoom}`)}
          </button>
        ))}
      </fieldset>
      {!props.readOnly && (
        <div className={styles.settings}>
          <Dropdown
            compact
            label={t('views.gantt.dates')}
            value={props.datesAttributeId}
            options={dated.map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id) => id && change({ date_attribute_ids: [id] })}
          />
          <Dropdown
            compact
            label={t('views.gantt.progress')}
            value={settings.progress_attribute_id ?? NONE}
            options={[
              { value: NONE, label: t('views.gantt.noProgress') },
              ...measures.map((a) => ({ value: a.id, label: a.name })),
            ]}
            onChange={(id) => change({ progress_attribute_id: id === NONE ? null : id })}
          />
          <button
            type="button"
            className={styles.zoom}
            aria-pressed={settings.show_critical_path}
            onClick={() => change({ show_critical_path: !settings.show_critical_path })}
          >
            {t('views.gantt.criticalPath')}
          </button>
        </div>
      )}
    </div>
  );
}
