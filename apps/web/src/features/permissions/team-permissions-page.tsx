import type { PermissionRecord } from '@strata/contracts/permissions';
import type { TeamMember } from '@strata/contracts/teams';
import type { Action, Role } from '@strata/domain/permissions/actions';
import { HttpError } from '@strata/sync/http-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { permissionsUpdating } from '../../lib/permission-cache';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { teamQueryKey, useTeamView } from '../workspaces';
import { hasRoleKeys, resetRoleKeys, sameKeys, setRoleCell } from './permission-matrix';
import { PermissionMatrixTable } from './permission-matrix-table';
import { PermissionOverrides } from './permission-overrides';
import styles from './permissions.module.css';

const recordsQueryKey = (teamId: number) => [...teamQueryKey(teamId), 'permission-records'] as const;

/** team/{teamId}/permissions: what each role, and each excepted person, may do in the workspace. */
export function TeamPermissionsPage() {
  const { t } = useTranslation();
  const { can } = useTeamView();
  if (!can('MANAGE_PERMISSIONS')) return <Notice tone="error">{t('errors.unauthorized')}</Notice>;
  return <WorkspaceRecordLoader />;
}

function WorkspaceRecordLoader() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const records = useQuery({
    queryKey: recordsQueryKey(team.id),
    queryFn: () => api.get<PermissionRecord[]>(`/api/${team.id}/permissions`),
  });
  if (records.error) return <Notice tone="error">{errorMessage(records.error, t)}</Notice>;
  if (!records.data) return <Spinner label={t('app.loading')} />;
  const record = records.data.find(
    (r) => r.resource_type === 'workspace' && r.resource_id === String(team.id),
  );
  if (!record) return <Notice tone="error">{t('errors.notFound')}</Notice>;
  return <PermissionsEditor loaded={record} />;
}

/**
 * The server's copy that a 409 carries, when it looks like a permission record. A structural
 * check rather than the contract's zod schema, which would put zod in the initial bundle.
 */
function conflictCopy(error: unknown): PermissionRecord | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const current = error.data?.current as Partial<PermissionRecord> | undefined;
  const isRecord =
    typeof current === 'object' &&
    current !== null &&
    typeof current.row_version === 'number' &&
    Array.isArray(current.permissions) &&
    Array.isArray(current.final_permissions) &&
    Array.isArray(current.inherited_permissions);
  return isRecord ? (current as PermissionRecord) : null;
}

/**
 * Edits a draft of the workspace's keys, saved with compare-and-set on row_version. The draft
 * stays local until Save; a newer copy from the server is taken only while nothing is edited.
 */
function PermissionsEditor({ loaded }: { loaded: PermissionRecord }) {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState<readonly string[]>(loaded.permissions);
  const [saving, setSaving] = useState(false);
  const members = useQuery({
    queryKey: [...teamQueryKey(team.id), 'members'],
    queryFn: () => api.get<TeamMember[]>(`/api/teams/${team.id}/members`),
  });
  const isDirty = !sameKeys(draft, base.permissions);
  const record = useMemo(() => ({ ...base, permissions: draft }), [base, draft]);

  const adopt = (next: PermissionRecord) => {
    setBase(next);
    setDraft(next.permissions);
  };
  // Someone else saved meanwhile (a refetch brought a newer row): show it unless we are editing.
  if (!isDirty && !saving && loaded.row_version > base.row_version) adopt(loaded);

  const handleToggle = (role: Role, action: Action, allow: boolean) =>
    setDraft((current) => setRoleCell({ ...base, permissions: current }, role, action, allow));

  const handleReset = async () => {
    const isSure = await confirm({
      title: t('team.permissions.reset'),
      body: t('team.permissions.resetConfirm'),
    });
    if (isSure) setDraft((current) => resetRoleKeys(current));
  };

  const handleSave = async () => {
    const sent = draft;
    setSaving(true);
    try {
      const saved = await api.post<PermissionRecord>(`/api/${team.id}/permissions`, {
        resource_type: base.resource_type,
        resource_id: base.resource_id,
        permissions: sent,
        final_permissions: base.final_permissions,
        row_version: base.row_version + 1,
      });
      setBase(saved);
      // Edits made while the save was on its way stay in the draft.
      setDraft((current) => (current === sent ? saved.permissions : current));
      queryClient.setQueryData(recordsQueryKey(team.id), [saved]);
      toasts.show(t('team.permissions.saved'), { tone: 'success' });
      // The caller's own abilities may have changed with the save.
      permissionsUpdating(team.id);
    } catch (error) {
      const current = conflictCopy(error);
      if (current) {
        adopt(current);
        queryClient.setQueryData(recordsQueryKey(team.id), [current]);
      }
      toasts.show(errorMessage(error, t), { tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <header>
        <h2 className={styles.title}>{t('team.permissions.title')}</h2>
        <p className={styles.intro}>{t('team.permissions.intro')}</p>
      </header>
      <section className={styles.section} aria-labelledby="permissions-roles-title">
        <div className={styles.header}>
          <h3 id="permissions-roles-title">{t('team.permissions.rolesTitle')}</h3>
          <Button variant="secondary" disabled={!hasRoleKeys(draft)} onClick={() => void handleReset()}>
            {t('team.permissions.reset')}
          </Button>
        </div>
        <PermissionMatrixTable record={record} onToggle={handleToggle} />
      </section>
      <PermissionOverrides
        permissions={draft}
        members={members.data}
        membersError={members.error}
        ownerId={team.owner_id}
        onChange={setDraft}
      />
      <div className={styles.saveBar}>
        <output className={styles.unsaved}>{isDirty ? t('team.permissions.unsaved') : ''}</output>
        <Button variant="secondary" disabled={!isDirty || saving} onClick={() => setDraft(base.permissions)}>
          {t('team.permissions.discard')}
        </Button>
        <Button busy={saving} disabled={!isDirty} onClick={() => void handleSave()}>
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}
