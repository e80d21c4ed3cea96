import { isEndBeforeStart } from '@strata/domain/attributes/date-values';
import { valueToDisplayText } from '@strata/domain/attributes/type-registry';
import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CellRenderProps } from '../view-types';
import styles from './cells.module.css';

/** Date, created at, updated at: in the reader's language (with the time in their zone when set). */
export function DateCell(props: CellRenderProps) {
  const text = valueToDisplayText(props.attribute, props.data, props.context);
  if (!text) return null;
  return (
    <time className={styles.text} dateTime={typeof props.data === 'string' ? props.data : undefined}>
      {text}
    </time>
  );
}

function rangeOf(data: unknown): { start: string | null; end: string | null } {
  if (!data || typeof data !== 'object') return { start: null, end: null };
  const { start, end } = data as { start?: unknown; end?: unknown };
  return { start: typeof start === 'string' ? start : null, end: typeof end === 'string' ? end : null };
}

/** Start and end date; an end before the start is flagged (the domain's END_BEFORE_START), not hidden. */
export function DateRangeCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const { start, end } = rangeOf(props.data);
  if (start === null && end === null) return null;
  const flagged = isEndBeforeStart(start, end);
  const text = valueToDisplayText(props.attribute, props.data, props.context);
  return (
    <span className={`${styles.row} ${flagged ? styles.flag : ''}`}>
      {flagged && (
        <TriangleExclamationPoint
          size={14}
          role="img"
          aria-label={t('views.errors.END_BEFORE_START')}
          data-flag="END_BEFORE_START"
        />
      )}
      <span className={styles.text} title={flagged ? t('views.errors.END_BEFORE_START') : text}>
        {text}
      </span>
    </span>
  );
}
