import { History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { fromLocalInput, toLocalInput } from '../../lib/local-datetime';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import styles from './developer.module.css';
import { dateTimeText } from './hook-format';
import logStyles from './logs.module.css';
import { useLogActions } from './use-hook-logs';

/** "Replay everything since…": every event of the hook's board since then, delivered again in order. */
export function ReplayForm({ teamId, hookId }: { teamId: number; hookId: string }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const { replay } = useLogActions(teamId, hookId);
  const [since, setSince] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInput(since);
    if (!iso) {
      setProblem(t('developer.replay.required'));
      return;
    }
    if (new Date(iso).getTime() > Date.now()) {
      setProblem(t('developer.replay.future'));
      return;
    }
    const sure = await confirm({
      title: t('developer.replay.confirmTitle'),
      body: t('developer.replay.confirmBody', { date: dateTimeText(i18n.language, iso) }),
      action: t('developer.replay.submit'),
      isDestructive: false,
    });
    if (sure) replay.mutate(iso);
  };

  return (
    <section className={styles.section} aria-labelledby="hook-replay">
      <h2 id="hook-replay">{t('developer.replay.title')}</h2>
      <form className={logStyles.replay} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={t('developer.replay.since')}
          hint={t('developer.replay.hint')}
          type="datetime-local"
          max={toLocalInput(new Date().toISOString())}
          value={since}
          error={problem}
          onChange={(event) => {
            setSince(event.currentTarget.value);
            setProblem(undefined);
            replay.reset();
          }}
        />
        <Button type="submit" variant="secondary" busy={replay.isPending}>
          <History size={16} aria-hidden="true" />
          {t('developer.replay.submit')}
        </Button>
      </form>
      {replay.data && (
        <Notice tone="success">{t('developer.replay.done', { number: replay.data.deliveries })}</Notice>
      )}
      {replay.error && <Notice tone="error">{errorMessage(replay.error, t)}</Notice>}
    </section>
  );
}
