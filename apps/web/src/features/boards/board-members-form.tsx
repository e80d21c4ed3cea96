import type { Board } from '@strata/contracts/boards';
import type { RecordStore } from '@strata/sync/records/record-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { updateRecord } from '../../lib/boards/board-writes';
import { isConnected } from '../../lib/connection';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { useTeamMembers } from '../workspaces';
import { type BoardFormValues, PrivacyField } from './board-fields';
import styles from './boards.module.css';

/**
 * Who belongs to a board and whether it is private (UPDATE_BOARD_MEMBERS). Members are chosen
 * among the workspace's; on a private board only they (and the owner) see it.
 */
export function BoardMembersForm({ board, store }: { board: Board; store: RecordStore<Board> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [memberIds, setMemberIds] = useState(() => board.user_ids.map(String));
  const form = useForm<BoardFormValues>({
    defaultValues: { name: board.name, description: '', color: '', is_private: board.is_private },
  });
  const members = useTeamMembers(board.team_id);
  const options = (members.data ?? []).map((member) => ({
    value: String(member.id),
    label: member.name,
    synonyms: [member.email],
  }));

  const onSubmit = form.handleSubmit(async ({ is_private }) => {
    setError(null);
    const saving = updateRecord(store, board.id, { is_private, user_ids: memberIds.map(Number) }).then(
      () => toasts.show(t('boards.edit.membersSaved'), { tone: 'success' }),
      (caught: unknown) => setError(errorMessage(caught, t)),
    );
    if (isConnected()) await saving;
  });

  return (
    <form
      className={`${styles.form} ${styles.panel}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="members-title"
    >
      <h3 id="members-title">{t('boards.edit.members')}</h3>
      {error && <Notice tone="error">{error}</Notice>}
      <div className={styles.field}>
        <span className={styles.legend} aria-hidden="true">
          {t('boards.edit.membersLabel')}
        </span>
        {members.data ? (
          <Dropdown
            multiple
            searchable
            label={t('boards.edit.membersLabel')}
            placeholder={t('boards.edit.membersPlaceholder')}
            options={options}
            value={memberIds}
            onChange={setMemberIds}
          />
        ) : members.isError ? (
          <Notice tone="error">{errorMessage(members.error, t)}</Notice>
        ) : (
          <Spinner label={t('app.loading')} />
        )}
        <span className={styles.hint}>{t('boards.edit.membersHint')}</span>
      </div>
      <PrivacyField form={form} />
      <div className={styles.actions}>
        <Button type="submit" busy={form.formState.isSubmitting} disabled={!members.data}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
