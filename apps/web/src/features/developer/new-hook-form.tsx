import type { Hook } from '@strata/contracts/hooks';
import type { HookEvent } from '@strata/domain/webhooks/hook-events';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useBoards } from '../../lib/boards/use-boards';
import { useSession } from '../../lib/session';
import { useWorkspaces } from '../../lib/workspaces';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { sortWorkspaces } from '../workspaces';
import styles from './developer.module.css';
import { checkHook, type HookProblems, hasProblems, refusal } from './hook-draft';
import { HookEventsField } from './hook-events-field';
import { SelectField } from './select-field';
import { useCreateHook } from './use-hooks';

/** Where the form starts: the workspace and board the address asked for (the board page's link). */
export interface NewHookStart {
  teamId?: number;
  boardId?: string;
}

/**
 * A new hook: the workspace, one of its boards, the address and the events. It is created under
 * an id made here, kept for the form's life, so that sending it again cannot make a second hook.
 */
export function NewHookForm({
  start,
  onCreated,
  onCancel,
}: {
  start: NewHookStart;
  onCreated(hook: Hook): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const workspaces = sortWorkspaces(useWorkspaces().data ?? [], profile?.preferences.workspaceSortOrder);
  const [id] = useState(() => crypto.randomUUID());
  const [teamId, setTeamId] = useState<number | null>(start.teamId ?? null);
  const [boardId, setBoardId] = useState<string | null>(start.boardId ?? null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<HookEvent[]>([]);
  const [problems, setProblems] = useState<HookProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateHook();

  // A person in one workspace has it chosen; a workspace or board not (or no longer) listed is not.
  const team =
    workspaces.find((workspace) => workspace.id === teamId) ??
    (workspaces.length === 1 ? workspaces[0] : undefined);
  const boards = useBoards(team?.id);
  const board = boards.data?.find((candidate) => candidate.id === boardId);

  const edited =
    <V,>(set: (value: V) => void, field: keyof HookProblems) =>
    (value: V) => {
      set(value);
      setProblems((current) => ({ ...current, [field]: undefined }));
      setMessage(null);
    };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkHook(t, { url, events, boardId: board?.id ?? null });
    if (!team) found.board = t('developer.form.errors.workspace');
    setProblems(found);
    setMessage(null);
    if (hasProblems(found) || !team || !board) return;
    create.mutate(
      {
        id,
        teamId: team.id,
        teamName: team.name,
        boardName: board.name,
        body: { board_id: board.id, url: url.trim(), events, enabled: true, row_version: 1 },
      },
      {
        onSuccess: onCreated,
        onError: (caught) => {
          const refused = refusal(t, caught);
          setProblems(refused.problems);
          setMessage(refused.message);
        },
      },
    );
  };

  const boardPlaceholder = !team
    ? t('developer.form.chooseWorkspaceFirst')
    : boards.isPending
      ? t('developer.form.loadingBoards')
      : t('developer.form.chooseBoard');
  let boardHint: string | undefined;
  if (team && boards.isError) boardHint = t('boards.loadFailed');
  else if (team && boards.data?.length === 0) boardHint = t('developer.form.noBoards');
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      {message && <Notice tone="error">{message}</Notice>}
      <div className={styles.row}>
        <SelectField
          label={t('developer.form.workspace')}
          value={team ? String(team.id) : null}
          options={workspaces.map((workspace) => ({ value: String(workspace.id), label: workspace.name }))}
          placeholder={t('developer.form.chooseWorkspace')}
          error={team ? undefined : problems.board}
          onChange={edited((value: string | null) => {
            setTeamId(value === null ? null : Number(value));
            setBoardId(null);
          }, 'board')}
        />
        <SelectField
          label={t('developer.form.board')}
          value={board?.id ?? null}
          options={(boards.data ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          placeholder={boardPlaceholder}
          disabled={!team || !boards.data}
          error={team ? problems.board : undefined}
          hint={boardHint}
          onChange={edited(setBoardId, 'board')}
        />
      </div>
      <TextField
        label={t('developer.form.url')}
        hint={t('developer.form.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        placeholder="https://"
        value={url}
        error={problems.url}
        onChange={(event) => edited(setUrl, 'url')(event.currentTarget.value)}
      />
      <HookEventsField value={events} error={problems.events} onChange={edited(setEvents, 'events')} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={create.isPending}>
          {t('developer.create.save')}
        </Button>
      </div>
    </form>
  );
}
