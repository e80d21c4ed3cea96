import type { Board } from '@strata/contracts/boards';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { Dropdown } from '../../ui/dropdown';
import { teamQueryKey } from '../workspaces';
import styles from './permissions.module.css';

/** The picker's value for the workspace's own record (board ids are 11 characters: no clash). */
const WORKSPACE = 'workspace';

/** The boards the caller sees (GET /api/{teamId}/boards), cleared with the workspace's data. */
export function permissionBoardsQuery(teamId: number) {
  return {
    queryKey: [...teamQueryKey(teamId), 'permission-boards'],
    queryFn: () => api.get<Board[]>(`/api/${teamId}/boards`),
  };
}

/** Where the permissions screen points: "Workspace" or one of the boards the caller sees. */
export function PermissionScopePicker({ teamId, boardId }: { teamId: number; boardId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const boards = useQuery(permissionBoardsQuery(teamId));
  const options = [
    { value: WORKSPACE, label: t('permissions.scopeWorkspace') },
    ...(boards.data ?? []).map((board) => ({ value: board.id, label: board.name })),
  ];
  const handleChange = (value: string) =>
    navigate(
      value === WORKSPACE
        ? `/team/${teamId}/permissions`
        : `/team/${teamId}/boards/${encodeURIComponent(value)}/permissions`,
    );
  return (
    <div className={styles.field}>
      {/* The dropdown names itself with the same label (plus its value) for assistive tech. */}
      <span className={styles.fieldLabel} aria-hidden="true">
        {t('permissions.scope')}
      </span>
      <Dropdown
        label={t('permissions.scope')}
        options={options}
        value={boardId ?? WORKSPACE}
        onChange={handleChange}
        searchable
      />
    </div>
  );
}
