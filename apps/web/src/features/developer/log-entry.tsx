import type { HookLogEntry } from '@strata/contracts/hooks';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import styles from './developer.module.css';
import { dateTimeText, durationText } from './hook-format';
import logStyles from './logs.module.css';

type Result = 'success' | 'failure' | 'noAnswer';

/** How an attempt ended: answered 2xx, answered otherwise, or not answered at all. */
export function attemptResult(entry: Pick<HookLogEntry, 'response_status'>): Result {
  if (entry.response_status === null) return 'noAnswer';
  return entry.response_status >= 200 && entry.response_status < 300 ? 'success' : 'failure';
}

/** A JSON body indented to be read; any other text as it came. */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One attempt of a delivery: when, which event, how it ended, how long it took, its number and
 * the delivery's state now; opened, what was sent and answered, and "Redeliver".
 */
export function LogEntry({
  entry,
  isRedelivering,
  onRedeliver,
}: {
  entry: HookLogEntry;
  isRedelivering: boolean;
  onRedeliver(deliveryId: string): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const result = attemptResult(entry);
  const headers = Object.entries(entry.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <li className={logStyles.entry}>
      <button
        type="button"
        className={logStyles.summary}
        aria-expanded={isOpen}
        aria-controls={`${id}-details`}
        onClick={() => setOpen((open) => !open)}
      >
        <ChevronDown size={16} aria-hidden="true" className={isOpen ? logStyles.turned : logStyles.chevron} />
        <time dateTime={entry.attempted_at} className={logStyles.time}>
          {dateTimeText(i18n.language, entry.attempted_at, true)}
        </time>
        <code dir="ltr" className={styles.code}>
          {entry.event_type}
        </code>
        <span className={`${styles.badge} ${styles[`badge_${result}`]}`}>
          {t(`developer.logs.result.${result}`)}
          {entry.response_status !== null && <span dir="ltr">{entry.response_status}</span>}
        </span>
        <span className={logStyles.meta}>{durationText(i18n.language, entry.duration_ms)}</span>
        <span className={logStyles.meta}>{t('developer.logs.attempt', { number: entry.attempt })}</span>
        <span className={logStyles.meta}>{t(`developer.logs.state.${entry.delivery_state}`)}</span>
      </button>
      <div id={`${id}-details`} className={logStyles.details} hidden={!isOpen}>
        {isOpen && (
          <>
            <Detail title={t('developer.logs.requestHeaders')}>
              <pre className={logStyles.pre} dir="ltr">
                {headers}
              </pre>
            </Detail>
            <Detail title={t('developer.logs.requestBody')}>
              <pre className={logStyles.pre} dir="ltr">
                {readableBody(entry.request_body)}
              </pre>
            </Detail>
            <Detail title={t('developer.logs.response')}>
              <p className={logStyles.line}>
                {entry.response_status === null
                  ? t('developer.logs.noResponse')
                  : t('developer.logs.responseStatus', { status: entry.response_status })}
              </p>
              {entry.response_body !== null && (
                <pre className={logStyles.pre} dir="ltr">
                  {entry.response_body === ''
                    ? t('developer.logs.emptyBody')
                    : readableBody(entry.response_body)}
                </pre>
              )}
            </Detail>
            {entry.error && (
              <Detail title={t('developer.logs.error')}>
                <p className={`${logStyles.line} ${styles.errorText}`} dir="auto">
                  {entry.error}
                </p>
              </Detail>
            )}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                busy={isRedelivering}
                onClick={() => onRedeliver(entry.delivery_id)}
              >
                <RotateCcw size={16} aria-hidden="true" />
                {t('developer.logs.redeliver')}
              </Button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={logStyles.detail}>
      <h3 className={logStyles.detailTitle}>{title}</h3>
      {children}
    </div>
  );
}
