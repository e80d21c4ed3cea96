import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ChartResult } from '@strata/domain/charts/chart-aggregate';
import { readChartSettings } from '@strata/domain/charts/chart-settings';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import type { ViewChart } from '@strata/domain/views/view-settings';
import { MoreHorizontal } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import menuStyles from '../../../ui/menu.module.css';
import { MenuOnFirstUse } from '../../../ui/on-first-use';
import { toasts } from '../../../ui/toast-store';
import styles from './chart.module.css';
import { ChartCanvas } from './chart-canvas';
import { chartFileName, downloadBlob, numberToPng, svgToPng, tokenColour } from './chart-export';
import { chartCsv, chartTexts } from './chart-labels';

const HEIGHT = 260;

/**
 * One chart of the view in its card: its title, the chart or why it could not be made, and its
 * menu (edit, wider or narrower, PNG, CSV, delete; exports for everyone, changes for who may).
 */
export function ChartCard(props: {
  chart: ViewChart;
  result: ChartResult;
  attributes: readonly ViewAttribute[];
  position: number;
  rtl: boolean;
  locale: string;
  readOnly: boolean;
  onEdit(): void;
  onResize(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { chart, result } = props;
  const title = chart.title || t('views.chart.untitledChart', { n: props.position + 1 });
  const parsed = readChartSettings(chart.settings);
  const numberFormat = useMemo(
    () => new Intl.NumberFormat(props.locale, { maximumFractionDigits: 2 }),
    [props.locale],
  );
  const ready = 'error' in result || 'error' in parsed ? null : { data: result, settings: parsed.settings };
  const texts = ready && chartTexts(ready.data, ready.settings, props.attributes, props.locale, t);

  const exportPng = async () => {
    const body = bodyRef.current;
    if (!body || !ready || !texts) return;
    try {
      const background = tokenColour(body, '--color-surface');
      const blob =
        ready.settings.type === 'kpi'
          ? await numberToPng(
              title,
              ready.data.values[0]?.[0] == null ? '–' : numberFormat.format(ready.data.values[0][0]!),
              {
                background,
                text: tokenColour(body, '--color-text'),
                muted: tokenColour(body, '--color-text-muted'),
              },
              props.rtl,
            )
          : await svgToPng(body.querySelector('svg.recharts-surface') as SVGSVGElement, background);
      downloadBlob(blob, chartFileName(title, 'png'));
    } catch {
      toasts.show(t('views.chart.exportFailed'), { tone: 'error' });
    }
  };
  const exportCsv = () => {
    if (!ready || !texts) return;
    const axis = props.attributes.find((a) => a.id === ready.settings.x?.attribute_id)?.name ?? '';
    const csv = `\uFEFF${chartCsv(ready.data, texts, axis)}`;
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), chartFileName(title, 'csv'));
  };

  return (
    <article className={styles.card} data-width={chart.width} aria-label={title}>
      <header className={styles.cardHeader}>
        <h3 className={`truncate ${styles.cardTitle}`} dir="auto" title={title}>
          {title}
        </h3>
        <MenuOnFirstUse
          trigger={
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('views.chart.actions', { name: title })}
            >
              <MoreHorizontal size={16} aria-hidden="true" />
            </button>
          }
        >
          <DropdownMenu.Portal>
            <DropdownMenu.Content className={menuStyles.menu} align="end" sideOffset={4}>
              {!props.readOnly && (
                <DropdownMenu.Item className={menuStyles.item} onSelect={props.onEdit}>
                  {t('views.chart.edit')}
                </DropdownMenu.Item>
              )}
              {!props.readOnly && (
                <DropdownMenu.Item className={menuStyles.item} onSelect={props.onResize}>
                  {chart.width === 2 ? t('views.chart.narrower') : t('views.chart.wider')}
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item
                className={menuStyles.item}
                disabled={!ready}
                onSelect={() => void exportPng()}
              >
                {t('views.chart.downloadPng')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={menuStyles.item} disabled={!ready} onSelect={exportCsv}>
                {t('views.chart.downloadCsv')}
              </DropdownMenu.Item>
              {!props.readOnly && (
                <DropdownMenu.Item className={menuStyles.item} onSelect={props.onDelete}>
                  {t('views.chart.delete')}
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </MenuOnFirstUse>
      </header>
      <div className={styles.cardBody} ref={bodyRef}>
        {ready && texts ? (
          <ChartCanvas
            type={ready.settings.type}
            chart={ready.data}
            texts={texts}
            rtl={props.rtl}
            height={HEIGHT}
            numberFormat={numberFormat}
            whole={ready.settings.measures.every((measure) => measure.aggregate === 'count')}
          />
        ) : (
          <div className={styles.failed} role="status" style={{ blockSize: HEIGHT }}>
            <strong>{t('views.chart.failed')}</strong>
            <span>
              {t(
                `views.chart.errors.${'error' in result ? result.error.code : 'error' in parsed ? parsed.error.code : 'INVALID_SETTINGS'}`,
              )}
            </span>
          </div>
        )}
      </div>
    </article>
  );
}
