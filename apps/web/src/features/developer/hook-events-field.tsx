import { HOOK_EVENTS, type HookEvent } from '@strata/domain/webhooks/hook-events';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './developer.module.css';
import { eventLabel, eventsInOrder } from './hook-draft';

/** The eight events of a hook as checkboxes, each with its readable name and the name it is sent under. */
export function HookEventsField({
  value,
  error,
  onChange,
}: {
  value: readonly HookEvent[];
  error?: string;
  onChange(events: HookEvent[]): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const handleToggle = (event: HookEvent, isChosen: boolean) =>
    onChange(eventsInOrder(isChosen ? [...value, event] : value.filter((other) => other !== event)));
  return (
    <fieldset className={styles.events} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className={styles.label}>{t('developer.form.events')}</legend>
      <span id={`${id}-hint`} className={styles.hint}>
        {t('developer.form.eventsHint')}
      </span>
      <div className={styles.eventGrid}>
        {HOOK_EVENTS.map((event) => (
          <label key={event} className={styles.event}>
            <input
              type="checkbox"
              checked={value.includes(event)}
              aria-invalid={error ? true : undefined}
              onChange={(change) => handleToggle(event, change.currentTarget.checked)}
            />
            <span className={styles.eventText}>
              <span>{eventLabel(t, event)}</span>
              <code dir="ltr" className={styles.code}>
                {event}
              </code>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
