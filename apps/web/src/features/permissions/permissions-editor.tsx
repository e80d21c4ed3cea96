import type { PermissionRecord } from '@strata/contracts/permissions';
import type { Action, Role } from '@strata/domain/permissions/actions';
import { HttpError } from '@strata/sync/http-client';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { permissionsUpdating } from '../../lib/permission-cache';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { toasts } from '../../ui/toast-store';
import { useTeamMembers, useTeamView } from '../workspaces';
import { hasRoleKeys, resetRoleKeys, sameKeys, setRoleCell } from './permission-matrix';
import { PermissionMatrixTable } from './permission-matrix-table';
import { PermissionOverrides } from './permission-overrides';
import styles from './permissions.module.css';

/** Whose record the screen edits: the workspace's, or one board's (below the workspace). */
export type PermissionScope =
  | { kind: 'workspace' }
  | { kind: 'board'; boardId: string; name: string; isPrivate: boolean };

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
 * Edits a draft of one record's keys (the workspace's or a board's), saved with compare-and-set on
 * row_version. The draft stays local until Save; a newer copy from the server is taken only while
 * nothing is edited. `onSaved` puts the server's copy (after a save or a 409) in the caller's cache.
 */
export function PermissionsEditor({
  loaded,
  scope,
  onSaved,
}: {
  loaded: PermissionRecord;
  scope: PermissionScope;
  onSaved(record: PermissionRecord): void;
}) {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const confirm = useConfirm();
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState<readonly string[]>(loaded.permissions);
  const [saving, setSaving] = useState(false);
  const members = useTeamMembers(team.id);
  const isBoard = scope.kind === 'board';
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
      title: t(isBoard ? 'permissions.boardReset' : 'permissions.reset'),
      body: t(isBoard ? 'permissions.boardResetConfirm' : 'permissions.resetConfirm'),
      action: t(isBoard ? 'permissions.boardReset' : 'permissions.reset'),
      // Nothing is lost until the draft is saved.
      isDestructive: false,
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
      onSaved(saved);
      toasts.show(t('permissions.saved'), { tone: 'success' });
      // The caller's own abilities may have changed with the save.
      permissionsUpdating(team.id);
    } catch (error) {
      const current = conflictCopy(error);
      if (current) {
        adopt(current);
        onSaved(current);
      }
      toasts.show(errorMessage(error, t), { tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <p className={styles.intro}>
        {scope.kind === 'board' ? t('permissions.boardIntro', { name: scope.name }) : t('permissions.intro')}
      </p>
      {scope.kind === 'board' && scope.isPrivate && (
        <Notice tone="info">{t('permissions.boardPrivate')}</Notice>
      )}
      <section className={styles.section} aria-labelledby="permissions-roles-title">
        <div className={styles.header}>
          <h3 id="permissions-roles-title">{t('permissions.rolesTitle')}</h3>
          <Button variant="secondary" disabled={!hasRoleKeys(draft)} onClick={() => void handleReset()}>
            {t(isBoard ? 'permissions.boardReset' : 'permissions.reset')}
          </Button>
        </div>
        <PermissionMatrixTable
          record={record}
          caption={t(isBoard ? 'permissions.boardCaption' : 'permissions.caption')}
          changedLabel={t(isBoard ? 'permissions.boardChanged' : 'permissions.changed')}
          onToggle={handleToggle}
        />
      </section>
      <PermissionOverrides
        permissions={draft}
        members={members.data}
        membersError={members.error}
        ownerId={team.owner_id}
        intro={t(isBoard ? 'permissions.overrides.boardIntro' : 'permissions.overrides.intro')}
        onChange={setDraft}
      />
      <div className={styles.saveBar}>
        <output className={styles.unsaved}>{isDirty ? t('permissions.unsaved') : ''}</output>
        <Button variant="secondary" disabled={!isDirty || saving} onClick={() => setDraft(base.permissions)}>
          {t('permissions.discard')}
        </Button>
        <Button busy={saving} disabled={!isDirty} onClick={() => void handleSave()}>
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}
