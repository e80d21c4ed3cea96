import { aggregateChart, type ChartResult } from '@strata/domain/charts/chart-aggregate';
import { applyView, type ViewAttribute, type ViewItem } from '@strata/domain/views/view-rows';
import { MAX_CHARTS_PER_VIEW, type ViewChart } from '@strata/domain/views/view-settings';
import { Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { useIsRtl } from '../table/table-hooks';
import styles from './chart.module.css';
import { ChartCard } from './chart-card';
import { ChartEditor } from './chart-editor';
import type { ChartViewProps } from './chart-view-props';

const newChartId = () => crypto.randomUUID();

/**
 * The chart view (docs/charts.md): its charts in a grid (each one or two columns wide), each
 * worked out by the domain's `aggregateChart` from the folder's items that pass the view's
 * filters (top-level items; subitems are not counted twice with their items), in the person's
 * time zone, week start and language. Who may change the view adds, edits, resizes and deletes
 * charts; everyone can download a chart as PNG and its data as CSV.
 */
export function ChartView(props: ChartViewProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const rtl = useIsRtl(rootRef, undefined);
  const { settings, attributes, context } = props;
  const readOnly = props.readOnly ?? false;
  const locale = context.locale ?? i18n.language;
  const [editing, setEditing] = useState<ViewChart | 'new' | null>(null);

  const items = useMemo(() => {
    const rows = applyView({
      items: props.items,
      attributes,
      settings: { ...settings, group_by: null, sort: [] },
      context,
      dataOf: props.dataOf,
    });
    return rows.groups.flatMap((group) => group.items);
  }, [props.items, attributes, settings, context, props.dataOf]);
  const results = useMemo(() => {
    const members = props.members.map((member) => ({ id: member.id, name: member.name }));
    const numberOf = (item: ViewItem, attributeId: string) => {
      const attribute = attributes.find((a) => a.id === attributeId);
      const value = attribute ? (props.dataOf?.(item, attribute) ?? item.values[attributeId]?.data) : null;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    };
    return new Map<string, ChartResult>(
      settings.charts.map((chart) => [
        chart.id,
        aggregateChart({
          items,
          attributes: attributes as readonly ViewAttribute[],
          settings: chart.settings,
          timeZone: context.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          weekStart: context.weekStartsOn ?? null,
          locale,
          members,
          numberOf,
        }),
      ]),
    );
  }, [items, attributes, settings.charts, context, locale, props.members, props.dataOf]);

  const saveCharts = (charts: ViewChart[]) => props.onChangeSettings({ ...settings, charts });
  const onSave = (next: Pick<ViewChart, 'title' | 'settings'>) => {
    if (editing === 'new') saveCharts([...settings.charts, { id: newChartId(), width: 1, ...next }]);
    else if (editing)
      saveCharts(settings.charts.map((chart) => (chart.id === editing.id ? { ...chart, ...next } : chart)));
    setEditing(null);
  };
  const mayAdd = !readOnly && settings.charts.length < MAX_CHARTS_PER_VIEW;

  return (
    <div className={styles.area} ref={rootRef}>
      {mayAdd && (
        <div className={styles.toolbar}>
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden="true" />
            {t('views.chart.addChart')}
          </Button>
        </div>
      )}
      {settings.charts.length === 0 ? (
        <p className={styles.empty}>{readOnly ? t('views.chart.emptyReadOnly') : t('views.chart.empty')}</p>
      ) : (
        <div className={styles.grid}>
          {settings.charts.map((chart, position) => (
            <ChartCard
              key={chart.id}
              chart={chart}
              result={results.get(chart.id)!}
              attributes={attributes as readonly ViewAttribute[]}
              position={position}
              rtl={rtl}
              locale={locale}
              readOnly={readOnly}
              onEdit={() => setEditing(chart)}
              onResize={() =>
                saveCharts(
                  settings.charts.map((c) =>
                    c.id === chart.id ? { ...c, width: c.width === 2 ? 1 : 2 } : c,
                  ),
                )
              }
              onDelete={() => saveCharts(settings.charts.filter((c) => c.id !== chart.id))}
            />
          ))}
        </div>
      )}
      <ChartEditor
        open={editing !== null}
        chart={editing === 'new' ? null : editing}
        attributes={attributes as readonly ViewAttribute[]}
        onClose={() => setEditing(null)}
        onSave={onSave}
      />
    </div>
  );
}
