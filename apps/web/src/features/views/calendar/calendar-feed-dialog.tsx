import type { CalendarFeedState, CalendarFeedUrl } from '@strata/contracts/calendar-feeds';
import { CalendarPlus, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Notice } from '../../../ui/notice';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toasts } from '../../../ui/toast-store';
import styles from './calendar.module.css';

export interface FeedTarget {
  teamId: number;
  viewId: string;
}

/** "Subscribe": the button and the dialog of the person's private iCalendar feed of this view. */
export function CalendarFeedButton({ feed }: { feed: FeedTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.button} onClick={() => setOpen(true)}>
        <CalendarPlus size={16} aria-hidden="true" />
        {t('views.calendar.feed.button')}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('views.calendar.feed.title')}
        description={t('views.calendar.feed.description')}
      >
        {/* Mounted only while open: every opening reads the feed's state afresh. */}
        {open && <FeedBody feed={feed} />}
      </Modal>
    </>
  );
}

/**
 * The feed's state and actions: make a link (shown once: only its hash is kept), copy it or open
 * it in the calendar application, make a new one (the old one stops) or turn the feed off.
 */
function FeedBody({ feed }: { feed: FeedTarget }) {
  const { t, i18n } = useTranslation();
  const path = `/api/${feed.teamId}/views/${feed.viewId}/calendar-feed`;
  const [state, setState] = useState<CalendarFeedState | null>(null);
  const [urls, setUrls] = useState<CalendarFeedUrl | null>(null);
  const [busy, setBusy] = useState<'make' | 'off' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.get<CalendarFeedState>(path).then(
      (answer) => live && setState(answer),
      (failure: unknown) => live && setError(errorMessage(failure, t)),
    );
    return () => {
      live = false;
    };
  }, [path, t]);

  const run = async (kind: 'make' | 'off') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'make') {
        setUrls(await api.post<CalendarFeedUrl>(path));
        setState({ active: true, created_at: new Date().toISOString(), last_read_at: null });
      } else {
        await api.delete(path);
        setUrls(null);
        setState({ active: false, created_at: null, last_read_at: null });
        toasts.show(t('views.calendar.feed.turnedOff'), { tone: 'success' });
      }
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!urls) return;
    try {
      await navigator.clipboard.writeText(urls.url);
      toasts.show(t('views.calendar.feed.copied'), { tone: 'success' });
    } catch {
      setError(t('views.calendar.feed.copyFailed'));
    }
  };

  if (!state && !error) return <Spinner size={20} />;
  const made = state?.created_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(state.created_at))
    : '';
  return (
    <div className={styles.feed}>
      {error && <Notice tone="error">{error}</Notice>}
      {urls ? (
        <>
          <TextField
            label={t('views.calendar.feed.url')}
            value={urls.url}
            readOnly
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            hint={t('views.calendar.feed.private')}
          />
          <div className={styles.feedActions}>
            <Button onClick={() => void copy()}>
              <Copy size={16} aria-hidden="true" />
              {t('views.calendar.feed.copy')}
            </Button>
            <a className={styles.button} href={urls.webcal_url}>
              {t('views.calendar.feed.open')}
            </a>
          </div>
        </>
      ) : state?.active ? (
        <p>{t('views.calendar.feed.madeOn', { date: made })}</p>
      ) : (
        state && <p>{t('views.calendar.feed.none')}</p>
      )}
      {state && (
        <div className={styles.feedActions}>
          <Button
            variant={state.active ? 'secondary' : 'primary'}
            busy={busy === 'make'}
            onClick={() => void run('make')}
          >
            {state.active ? t('views.calendar.feed.renew') : t('views.calendar.feed.make')}
          </Button>
          {state.active && (
            <Button variant="danger" busy={busy === 'off'} onClick={() => void run('off')}>
              {t('views.calendar.feed.turnOff')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
