import type { AutomationUsage } from '@strata/contracts/automations';
import { useTranslation } from '../../i18n/use-translation';
import styles from './usage.module.css';

const BAR = 10;
const GAP = 4;
const HEIGHT = 80;

/**
 * Runs per day over 30 days as bars (plain SVG, oldest first from the reading side: mirrored
 * right to left). Each bar tells its day and count on hover; the whole reads as one sentence.
 */
export function UsageChart({ days }: { days: AutomationUsage['days'] }) {
  const { t, i18n } = useTranslation();
  const most = Math.max(1, ...days.map((day) => day.runs));
  const total = days.reduce((sum, day) => sum + day.runs, 0);
  const busiest = days.reduce<AutomationUsage['days'][number] | null>(
    (best, day) => (day.runs > 0 && (!best || day.runs > best.runs) ? day : best),
    null,
  );
  const dayText = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(i18n.language);
  const width = days.length * (BAR + GAP) - GAP;
  const summary = busiest
    ? t('views.automations.usage.daysSummary', {
        total: number.format(total),
        most: number.format(busiest.runs),
        day: dayText.format(new Date(busiest.day)),
      })
    : t('views.automations.usage.daysNone');
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={`${styles.svg} flip-in-rtl`}
        role="img"
        aria-label={summary}
      >
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={styles.axis} />
        {days.map((day, index) => {
          const height = day.runs === 0 ? 0 : Math.max(2, (day.runs / most) * (HEIGHT - 4));
          return (
            <rect
              key={day.day}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={2}
              className={styles.bar}
            >
              <title>{`${dayText.format(new Date(day.day))}: ${number.format(day.runs)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={styles.muted}>{summary}</figcaption>
    </figure>
  );
}
