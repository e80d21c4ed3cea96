import type { AccessAnswer, PermissionRecord } from '@strata/contracts/permissions';
import { HttpError } from '@strata/sync/http-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { teamQueryKey, useTeamView } from '../workspaces';
import { PermissionScopePicker, permissionBoardsQuery } from './permission-scope-picker';
import styles from './permissions.module.css';
import { PermissionsEditor } from './permissions-editor';

const recordsQueryKey = (teamId: number) => [...teamQueryKey(teamId), 'permission-records'] as const;
const boardRecordQueryKey = (teamId: number, boardId: string) =>
  [...recordsQueryKey(teamId), 'board', boardId] as const;

/**
 * team/{teamId}/permissions and team/{teamId}/boards/{boardId}/permissions: what each role, and
 * each excepted person, may do in the workspace or on one board, with a picker between them.
 */
export function TeamPermissionsPage() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const { boardId } = useParams();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('permissions.title')}</h2>
        <PermissionScopePicker teamId={team.id} boardId={boardId ?? null} />
      </header>
      {boardId ? <BoardRecordLoader key={boardId} boardId={boardId} /> : <WorkspaceRecordLoader />}
    </div>
  );
}

function WorkspaceRecordLoader() {
  const { t } = useTranslation();
  const { team, can } = useTeamView();
  const queryClient = useQueryClient();
  const isAllowed = can('MANAGE_PERMISSIONS');
  const records = useQuery({
    queryKey: recordsQueryKey(team.id),
    queryFn: () => api.get<PermissionRecord[]>(`/api/${team.id}/permissions`),
    enabled: isAllowed,
  });
  if (!isAllowed) return <Notice tone="error">{t('errors.unauthorized')}</Notice>;
  if (records.error) return <Notice tone="error">{errorMessage(records.error, t)}</Notice>;
  if (!records.data) return <Spinner label={t('app.loading')} />;
  const isWorkspace = (r: PermissionRecord) =>
    r.resource_type === 'workspace' && r.resource_id === String(team.id);
  const record = records.data.find(isWorkspace);
  if (!record) return <Notice tone="error">{t('errors.notFound')}</Notice>;
  // The list holds the boards' records too: only the workspace's entry is replaced.
  const handleSaved = (saved: PermissionRecord) =>
    queryClient.setQueryData<PermissionRecord[]>(recordsQueryKey(team.id), (list) =>
      list ? list.map((r) => (isWorkspace(r) ? saved : r)) : [saved],
    );
  return <PermissionsEditor loaded={record} scope={{ kind: 'workspace' }} onSaved={handleSaved} />;
}

/** One board's record, for those with MANAGE_PERMISSIONS on that board (a board they do not see: 404). */
function BoardRecordLoader({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const queryClient = useQueryClient();
  const id = encodeURIComponent(boardId);
  const access = useQuery({
    queryKey: [...teamQueryKey(team.id), 'access', 'board', boardId],
    queryFn: () =>
      api.get<AccessAnswer>(`/api/${team.id}/permissions/access?resource_type=board&resource_id=${id}`),
    retry: false,
  });
  const isAllowed = access.data?.permissions.includes('MANAGE_PERMISSIONS') ?? false;
  const record = useQuery({
    queryKey: boardRecordQueryKey(team.id, boardId),
    queryFn: () => api.get<PermissionRecord>(`/api/${team.id}/permissions/boards/${id}`),
    enabled: isAllowed,
    retry: false,
  });
  const boards = useQuery(permissionBoardsQuery(team.id));
  const failure = access.error ?? record.error;
  if (failure instanceof HttpError && [404, 422].includes(failure.status))
    return <Notice tone="error">{t('errors.notFound')}</Notice>;
  if (failure) return <Notice tone="error">{errorMessage(failure, t)}</Notice>;
  if (!access.data) return <Spinner label={t('app.loading')} />;
  if (!isAllowed) return <Notice tone="error">{t('errors.unauthorized')}</Notice>;
  if (!record.data || !boards.data) return <Spinner label={t('app.loading')} />;
  const board = boards.data.find((b) => b.id === boardId);
  if (!board) return <Notice tone="error">{t('errors.notFound')}</Notice>;
  return (
    <PermissionsEditor
      loaded={record.data}
      scope={{ kind: 'board', boardId, name: board.name, isPrivate: board.is_private }}
      onSaved={(saved) => queryClient.setQueryData(boardRecordQueryKey(team.id, boardId), saved)}
    />
  );
}
