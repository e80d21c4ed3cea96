import type { MyHook } from '@strata/contracts/hooks';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import styles from './developer.module.css';
import { HOOKS_SCREEN, hookScreen } from './hook-links';
import { HookPlace } from './hook-row';
import { LogEntry } from './log-entry';
import logStyles from './logs.module.css';
import { ReplayForm } from './replay-form';
import { LOG_FILTERS, type LogFilter, useHookLogs, useLogActions } from './use-hook-logs';
import { useMyHooks } from './use-hooks';

/** profile/developer/hooks/{hookId}/logs: the hook's delivery attempts, newest first. */
export function HookLogsPage() {
  const { t } = useTranslation();
  const { hookId = '' } = useParams();
  const hooks = useMyHooks();
  const hook = hooks.data?.find((candidate) => candidate.id === hookId);
  if (hooks.isPending) return <PageSpinner label={t('app.loading')} />;
  if (!hook)
    return (
      <div className={styles.page}>
        <Link to={HOOKS_SCREEN} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
          {t('developer.hook.back')}
        </Link>
        <h1>{t('developer.hooks.title')}</h1>
        <Notice tone="error">
          {hooks.error ? errorMessage(hooks.error, t) : t('developer.hook.notFound')}
        </Notice>
      </div>
    );
  return <HookLogs key={hook.id} hook={hook} />;
}

function HookLogs({ hook }: { hook: MyHook }) {
  const { t } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState<LogFilter>('all');
  const logs = useHookLogs(hook.team_id, hook.id, filter);
  const { redeliver } = useLogActions(hook.team_id, hook.id);
  const handleRedeliver = (deliveryId: string) =>
    redeliver.mutate(deliveryId, {
      onSuccess: () => toasts.show(t('developer.logs.redelivered'), { tone: 'success' }),
      onError: (caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
    });

  return (
    <div className={styles.page}>
      <Link to={hookScreen(hook.id)} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
        {t('developer.logs.back')}
      </Link>
      <header className={styles.headingText}>
        <h1>{t('developer.logs.title')}</h1>
        <p className={styles.hookUrlLine}>
          <bdi dir="ltr">{hook.url}</bdi>
        </p>
        <HookPlace hook={hook} />
      </header>
      <ReplayForm teamId={hook.team_id} hookId={hook.id} />
      <section className={logStyles.attempts} aria-labelledby={`${id}-attempts`}>
        <div className={logStyles.toolbar}>
          <h2 id={`${id}-attempts`}>{t('developer.logs.attempts')}</h2>
          <fieldset className={logStyles.filter}>
            <legend className="visually-hidden">{t('developer.logs.filter')}</legend>
            {LOG_FILTERS.map((option) => (
              <label key={option} className={logStyles.filterOption}>
                <input
                  type="radio"
                  name={`${id}-filter`}
                  value={option}
                  checked={filter === option}
                  onChange={() => setFilter(option)}
                />
                <span>{t(`developer.logs.filters.${option}`)}</span>
              </label>
            ))}
          </fieldset>
        </div>
        {logs.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : logs.error ? (
          <Notice tone="error">{`${t('developer.logs.loadFailed')} ${errorMessage(logs.error, t)}`}</Notice>
        ) : logs.entries.length === 0 ? (
          <p className={styles.empty}>
            {t(filter === 'all' ? 'developer.logs.empty' : 'developer.logs.emptyFiltered')}
          </p>
        ) : (
          <ul className={logStyles.list}>
            {logs.entries.map((entry) => (
              <LogEntry
                key={entry.id}
                entry={entry}
                isRedelivering={redeliver.isPending && redeliver.variables === entry.delivery_id}
                onRedeliver={handleRedeliver}
              />
            ))}
          </ul>
        )}
        {logs.hasNextPage && (
          <div className={logStyles.more}>
            <Button
              variant="secondary"
              busy={logs.isFetchingNextPage}
              onClick={() => void logs.fetchNextPage()}
            >
              {t('developer.logs.loadMore')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
