import type { TeamMember } from '@strata/contracts/teams';
import { ASSIGNABLE_ROLES } from '@strata/domain/permissions/actions';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { refreshWorkspaces } from '../../lib/workspaces';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Dropdown } from '../../ui/dropdown';
import { RowList, RowListItem } from '../../ui/row-list';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { InviteMembersButton } from './invite-dialog';
import { PendingInvitations } from './pending-invitations';
import { teamQueryKey, useTeamView } from './team-context';
import { useTeamMembers } from './use-team-members';
import styles from './workspaces.module.css';

/** team/{teamId}/members: who is in the workspace; roles and removal for those allowed. */
export function TeamMembersPage() {
  const { t } = useTranslation();
  const { team, can } = useTeamView();
  const { profile } = useSession();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const members = useTeamMembers(team.id);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: teamQueryKey(team.id) })]);

  const roleOptions = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`workspaces.roles.${role}`) }));

  const handleRole = async (member: TeamMember, role: (typeof ASSIGNABLE_ROLES)[number]) => {
    try {
      await api.put(`/api/teams/${team.id}/members/${member.id}`, { role }, { queue: true });
      toasts.show(t('team.members.roleChanged', { name: member.name, role: t(`workspaces.roles.${role}`) }), {
        tone: 'success',
      });
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    }
    await refresh();
  };

  const handleRemove = async (member: TeamMember) => {
    const isSure = await confirm({
      body: t('team.members.removeConfirm', { name: member.name, team: team.name }),
      action: t('team.members.removeAction'),
    });
    if (!isSure) return;
    try {
      await api.delete(`/api/teams/${team.id}/members/${member.id}`);
      toasts.show(t('team.members.removed', { name: member.name }), { tone: 'success' });
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    }
    await refresh();
  };

  const handleLeave = async () => {
    const isSure = await confirm({
      body: t('team.members.leaveConfirm', { team: team.name }),
      action: t('team.members.leave'),
    });
    if (!isSure) return;
    try {
      await api.delete(`/api/teams/${team.id}/leave`);
      await refreshWorkspaces();
      toasts.show(t('team.members.left', { team: team.name }), { tone: 'success' });
      void navigate('/home');
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    }
  };

  if (!members.data) return <Spinner label={t('app.loading')} />;
  return (
    <section className={styles.section} aria-labelledby="members-title">
      <div className={styles.header}>
        <h2 id="members-title">{t('team.members.title')}</h2>
        <div className={styles.actions}>
          {profile && profile.id !== team.owner_id && (
            <Button variant="secondary" onClick={handleLeave}>
              {t('team.members.leave')}
            </Button>
          )}
          {can('INVITE_MEMBERS') && <InviteMembersButton />}
        </div>
      </div>
      <RowList>
        {members.data.map((member) => {
          const isOwner = member.pivot.role === 'owner';
          const isMe = member.id === profile?.id;
          return (
            <RowListItem key={member.id}>
              <Avatar src={member.photo_url} name={member.name} size={36} preview={{ email: member.email }} />
              <span className={styles.who}>
                <strong>
                  {member.name}
                  {isMe && ` (${t('team.members.you')})`}
                </strong>
                <span className={styles.meta}>{member.email}</span>
              </span>
              {can('EDIT_MEMBER_ROLES') && !isOwner && !isMe ? (
                <Dropdown
                  label={`${t('team.members.role')}: ${member.name}`}
                  options={roleOptions}
                  value={member.pivot.role as (typeof ASSIGNABLE_ROLES)[number]}
                  onChange={(role) => void handleRole(member, role)}
                  compact
                />
              ) : (
                <span className={styles.meta}>{t(`workspaces.roles.${member.pivot.role}`)}</span>
              )}
              {can('REMOVE_MEMBERS') && !isOwner && !isMe && (
                <Button variant="secondary" onClick={() => void handleRemove(member)}>
                  {t('team.members.remove')}
                </Button>
              )}
            </RowListItem>
          );
        })}
      </RowList>
      {can('INVITE_MEMBERS') && <PendingInvitations />}
    </section>
  );
}
