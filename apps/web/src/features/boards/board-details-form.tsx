import type { Board } from '@strata/contracts/boards';
import type { RecordStore } from '@strata/sync/records/record-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { updateRecord } from '../../lib/boards/board-writes';
import { isConnected } from '../../lib/connection';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { toasts } from '../../ui/toast-store';
import { DEFAULT_BOARD_COLOR } from './board-colors';
import { BoardDetailsFields, type BoardFormValues } from './board-fields';
import styles from './boards.module.css';

/**
 * A board's name, description and colour (UPDATE_BOARD_DETAILS). The change shows everywhere at
 * once; online the form waits for the server, offline the change waits in the queue.
 */
export function BoardDetailsForm({ board, store }: { board: Board; store: RecordStore<Board> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BoardFormValues>({
    defaultValues: {
      name: board.name,
      description: board.description ?? '',
      color: board.color ?? DEFAULT_BOARD_COLOR,
      is_private: board.is_private,
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const saving = updateRecord(store, board.id, {
      name: values.name.trim(),
      description: values.description.trim() || null,
      color: values.color || null,
    }).then(
      () => toasts.show(t('boards.edit.saved'), { tone: 'success' }),
      (caught: unknown) => setError(errorMessage(caught, t)),
    );
    if (isConnected()) await saving;
  });
  return (
    <form
      className={`${styles.form} ${styles.panel}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="details-title"
    >
      <h3 id="details-title">{t('boards.edit.details')}</h3>
      {error && <Notice tone="error">{error}</Notice>}
      <BoardDetailsFields form={form} />
      <div className={styles.actions}>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
