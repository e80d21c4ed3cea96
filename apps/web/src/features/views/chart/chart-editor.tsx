import { SPLIT_TYPES, X_AXIS_TYPES } from '@strata/domain/charts/chart-axes';
import {
  CHART_TYPES,
  type ChartMeasure,
  type ChartSettingsInput,
  type ChartType,
  DATE_BUCKETS,
  type DateBucket,
  MAX_SERIES,
  NUMBER_AGGREGATES,
  ONE_SERIES_TYPES,
} from '@strata/domain/charts/chart-settings';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import type { ViewChart } from '@strata/domain/views/view-settings';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { Dropdown } from '../../../ui/dropdown';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import styles from './chart.module.css';

const NONE = '';
const COUNT = 'count';
const MEASURE_TYPES = new Set(['number', 'formula']);

interface Draft {
  title: string;
  type: ChartType;
  x: string;
  bucket: DateBucket;
  measures: { aggregate: string; attribute_id: string }[];
  split: string;
  top20: boolean;
}

function draftOf(chart: ViewChart | null): Draft {
  const s = (chart?.settings ?? {}) as ChartSettingsInput;
  return {
    title: chart?.title ?? '',
    type: s.type ?? 'bar',
    x: s.x?.attribute_id ?? NONE,
    bucket: s.x?.bucket ?? 'month',
    measures: (s.measures ?? [{ aggregate: 'count' }]).map((m) => ({
      aggregate: m.aggregate,
      attribute_id: 'attribute_id' in m ? m.attribute_id : NONE,
    })),
    split: s.split_by?.attribute_id ?? NONE,
    top20: s.top20 ?? false,
  };
}

/** The chart's settings as stored from the form (docs/charts.md); the aggregation checks them. */
function settingsOf(draft: Draft): Record<string, unknown> {
  const kpi = draft.type === 'kpi';
  const one = ONE_SERIES_TYPES.includes(draft.type);
  const measures: ChartMeasure[] = (one ? draft.measures.slice(0, 1) : draft.measures).map((m) =>
    m.aggregate === COUNT
      ? { aggregate: 'count' }
      : { aggregate: m.aggregate as ChartMeasure['aggregate'] & 'sum', attribute_id: m.attribute_id },
  );
  return {
    type: draft.type,
    x: kpi || draft.x === NONE ? null : { attribute_id: draft.x, bucket: draft.bucket },
    measures,
    split_by: one || draft.split === NONE ? null : { attribute_id: draft.split },
    top20: draft.top20,
  };
}

/** "Add chart" and "Edit chart": the chart's title, type, x axis, values (1 to 7) and split. */
export function ChartEditor(props: {
  open: boolean;
  chart: ViewChart | null;
  attributes: readonly ViewAttribute[];
  onClose(): void;
  onSave(next: Pick<ViewChart, 'title' | 'settings'>): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.chart ? t('views.chart.edit') : t('views.chart.newChart')}
    >
      {props.open && <ChartForm {...props} />}
    </Modal>
  );
}

function ChartForm(props: Parameters<typeof ChartEditor>[0]) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.chart));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const live = props.attributes;
  const axisAttributes = live.filter((a) => X_AXIS_TYPES.includes(a.type));
  const splitAttributes = live.filter((a) => SPLIT_TYPES.includes(a.type));
  const numbers = live.filter((a) => MEASURE_TYPES.has(a.type));
  const xAttribute = live.find((a) => a.id === draft.x);
  const isDate = xAttribute?.type === 'date' || xAttribute?.type === 'date_range';
  const one = ONE_SERIES_TYPES.includes(draft.type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave({ title: draft.title.trim(), settings: settingsOf(draft) });
  };
  const setMeasure = (at: number, patch: Partial<Draft['measures'][number]>) =>
    set({ measures: draft.measures.map((m, i) => (i === at ? { ...m, ...patch } : m)) });
  return (
    <form className={styles.form} onSubmit={submit}>
      <TextField
        label={t('views.chart.chartTitle')}
        value={draft.title}
        maxLength={100}
        dir="auto"
        onChange={(event) => set({ title: event.currentTarget.value })}
      />
      <Dropdown
        label={t('views.chart.type')}
        value={draft.type}
        options={CHART_TYPES.map((type) => ({ value: type, label: t(`views.chart.types.${type}`) }))}
        onChange={(type) => set({ type })}
      />
      {draft.type !== 'kpi' && (
        <div className={styles.formRow}>
          <Dropdown
            label={t('views.chart.x')}
            value={draft.x}
            options={[
              { value: NONE, label: t('views.chart.choose') },
              ...axisAttributes.map((a) => ({ value: a.id, label: a.name })),
            ]}
            onChange={(x) => set({ x })}
          />
          {isDate && (
            <Dropdown
              label={t('views.chart.bucket')}
              value={draft.bucket}
              options={DATE_BUCKETS.map((bucket) => ({
                value: bucket,
                label: t(`views.chart.buckets.${bucket}`),
              }))}
              onChange={(bucket) => set({ bucket })}
            />
          )}
        </div>
      )}
      <fieldset className={styles.measures}>
        <legend>{t('views.chart.measures')}</legend>
        {(one ? draft.measures.slice(0, 1) : draft.measures).map((measure, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a measure has no id; its place is what it is
          <div key={at} className={styles.formRow}>
            <Dropdown
              label={t('views.chart.aggregate', { n: at + 1 })}
              value={measure.aggregate}
              options={[COUNT, ...NUMBER_AGGREGATES].map((aggregate) => ({
                value: aggregate,
                label: t(`views.chart.aggregates.${aggregate}`),
              }))}
              onChange={(aggregate) => setMeasure(at, { aggregate })}
            />
            {measure.aggregate !== COUNT && (
              <Dropdown
                label={t('views.chart.attribute', { n: at + 1 })}
                value={measure.attribute_id}
                options={[
                  { value: NONE, label: t('views.chart.choose') },
                  ...numbers.map((a) => ({ value: a.id, label: a.name })),
                ]}
                onChange={(attribute_id) => setMeasure(at, { attribute_id })}
              />
            )}
            {draft.measures.length > 1 && (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('views.chart.removeMeasure', { n: at + 1 })}
                onClick={() => set({ measures: draft.measures.filter((_, i) => i !== at) })}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            )}
          </div>
        ))}
        {!one && draft.split === NONE && draft.measures.length < MAX_SERIES && (
          <Button
            variant="secondary"
            onClick={() => set({ measures: [...draft.measures, { aggregate: COUNT, attribute_id: NONE }] })}
          >
            <Plus size={16} aria-hidden="true" />
            {t('views.chart.addMeasure')}
          </Button>
        )}
      </fieldset>
      {!one && (
        <Dropdown
          label={t('views.chart.splitBy')}
          value={draft.split}
          options={[
            { value: NONE, label: t('views.chart.noSplit') },
            ...splitAttributes.map((a) => ({ value: a.id, label: a.name })),
          ]}
          onChange={(split) =>
            set({ split, measures: split === NONE ? draft.measures : draft.measures.slice(0, 1) })
          }
        />
      )}
      {draft.type !== 'kpi' && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.top20}
            onChange={(event) => set({ top20: event.currentTarget.checked })}
          />
          {t('views.chart.top20')}
        </label>
      )}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit">{t('common.save')}</Button>
      </div>
    </form>
  );
}
