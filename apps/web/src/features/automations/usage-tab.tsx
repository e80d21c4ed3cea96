import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useBoardView } from '../boards/board-context';
import styles from './usage.module.css';
import { UsageChart } from './usage-chart';
import { useAutomationUsage } from './use-automations';

/** The workspace's automation runs this month against its plan, per board and per day. */
export function UsageTab() {
  const { t, i18n } = useTranslation();
  const { teamId } = useBoardView();
  const usage = useAutomationUsage(teamId);
  const U = 'views.automations.usage';
  if (usage.isPending) return <p className={styles.muted}>{t('app.loading')}</p>;
  if (usage.error) return <p className={styles.muted}>{errorMessage(usage.error, t)}</p>;
  const data = usage.data;
  const number = new Intl.NumberFormat(i18n.language);
  const level = data.level;
  const share = data.limit ? Math.min(1, data.runs / data.limit) : 0;
  const resets = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(data.period_end),
  );
  return (
    <div className={styles.usage}>
      <section className={styles.section} aria-labelledby="automation-usage-month">
        <h3 id="automation-usage-month" className={styles.title}>
          {t(`${U}.month`)}
        </h3>
        <p className={styles.figure}>
          {data.limit === null
            ? t(`${U}.runsNoLimit`, { runs: number.format(data.runs) })
            : t(`${U}.runsOfLimit`, { runs: number.format(data.runs), limit: number.format(data.limit) })}
        </p>
        {data.limit !== null && (
          // biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be given the level's colours across browsers
          <div
            className={`${styles.meter} ${styles[level]}`}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={data.limit}
            aria-valuenow={Math.min(data.runs, data.limit)}
            aria-label={t(`${U}.month`)}
          >
            <span className={styles.fill} style={{ inlineSize: `${share * 100}%` }} />
            <span className={styles.mark} aria-hidden="true" />
          </div>
        )}
        {level !== 'ok' && (
          <p className={level === 'exceeded' ? styles.exceededText : styles.warningText}>
            {t(`${U}.${level}`, { date: resets })}
          </p>
        )}
        <p className={styles.muted}>
          {data.automations_per_board === null
            ? t(`${U}.perBoardNoLimit`)
            : t(`${U}.perBoardLimit`, { limit: number.format(data.automations_per_board) })}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="automation-usage-days">
        <h3 id="automation-usage-days" className={styles.title}>
          {t(`${U}.days`)}
        </h3>
        <UsageChart days={data.days} />
      </section>
      <section className={styles.section} aria-labelledby="automation-usage-boards">
        <h3 id="automation-usage-boards" className={styles.title}>
          {t(`${U}.boards`)}
        </h3>
        {data.boards.length === 0 ? (
          <p className={styles.muted}>{t(`${U}.noBoards`)}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t(`${U}.board`)}</th>
                <th scope="col">{t(`${U}.automations`)}</th>
                <th scope="col">{t(`${U}.runs`)}</th>
              </tr>
            </thead>
            <tbody>
              {data.boards.map((row) => (
                <tr key={row.board_id}>
                  <th scope="row">
                    <bdi>{row.board_name}</bdi>
                  </th>
                  <td>{number.format(row.automations)}</td>
                  <td>{number.format(row.runs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
