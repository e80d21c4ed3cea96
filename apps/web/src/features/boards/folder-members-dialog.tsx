import type { Folder } from '@strata/contracts/boards';
import { folderVisibility } from '@strata/domain/permissions/folders';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { useTeamMembers } from '../workspaces';
import styles from './boards.module.css';
import { useFolderActions } from './use-folder-actions';

/**
 * Who sees a private folder besides its creator and the workspace's owner and admins
 * (MANAGE_PERMISSIONS), chosen among the workspace's members as a board's members are.
 */
export function FolderMembersDialog({
  folder,
  open,
  onOpenChange,
}: {
  folder: Folder;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const actions = useFolderActions();
  const [memberIds, setMemberIds] = useState(() => folderVisibility(folder.settings).memberIds.map(String));
  const [isSaving, setIsSaving] = useState(false);
  const members = useTeamMembers(folder.team_id, { enabled: open });
  const options = (members.data ?? []).map((member) => ({
    value: String(member.id),
    label: member.name,
    synonyms: [member.email],
  }));

  const handleSave = async () => {
    setIsSaving(true);
    try {
      await actions.setVisibility(folder, { private: true, member_ids: memberIds.map(Number) });
      toasts.show(t('boards.folders.membersSaved'), { tone: 'success' });
      onOpenChange(false);
    } catch {
      // Told by setVisibility (a toast, or the store's conflict notice).
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('boards.folders.membersTitle', { name: folder.name })}
      description={t('boards.folders.membersHint')}
    >
      <div className={styles.form}>
        {members.data ? (
          <Dropdown
            multiple
            searchable
            label={t('boards.folders.membersLabel')}
            placeholder={t('boards.folders.membersPlaceholder')}
            options={options}
            value={memberIds}
            onChange={setMemberIds}
          />
        ) : members.isError ? (
          <Notice tone="error">{errorMessage(members.error, t)}</Notice>
        ) : (
          <Spinner label={t('app.loading')} />
        )}
        <div className={styles.actions}>
          <Button type="button" busy={isSaving} disabled={!members.data} onClick={() => void handleSave()}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
