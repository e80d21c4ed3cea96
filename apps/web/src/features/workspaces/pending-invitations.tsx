import type { PendingInvitation } from '@strata/contracts/invitations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { RowList, RowListItem } from '../../ui/row-list';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import styles from './invitations.module.css';
import { teamQueryKey, useTeamView } from './team-context';

export const invitationsQueryKey = (teamId: string | number) => [...teamQueryKey(teamId), 'invitations'];

type RowAction = { userId: number; kind: 'resend' | 'withdraw' };

/** "Pending invitations" of the members page, for those who may invite: resend or withdraw each. */
export function PendingInvitations() {
  const { t, i18n } = useTranslation();
  const { team } = useTeamView();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const id = useId();
  const [running, setRunning] = useState<RowAction | null>(null);
  const key = invitationsQueryKey(team.id);
  const invitations = useQuery({
    queryKey: key,
    queryFn: () => api.get<PendingInvitation[]>(`/api/teams/${team.id}/members/invitations`),
  });
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
    [i18n.language],
  );

  const handleResend = async (invitation: PendingInvitation) => {
    setRunning({ userId: invitation.id, kind: 'resend' });
    try {
      await api.post(`/api/teams/${team.id}/members/resend`, { user_id: invitation.id });
      toasts.show(t('team.invitations.resent', { email: invitation.email }), { tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    } finally {
      setRunning(null);
    }
  };

  const handleWithdraw = async (invitation: PendingInvitation) => {
    const isSure = await confirm({
      body: t('team.invitations.withdrawConfirm', { email: invitation.email }),
      action: t('team.invitations.withdrawAction'),
    });
    if (!isSure) return;
    setRunning({ userId: invitation.id, kind: 'withdraw' });
    try {
      await api.delete(`/api/teams/${team.id}/members/${invitation.id}`);
      toasts.show(t('team.invitations.withdrawn', { email: invitation.email }), { tone: 'success' });
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    } finally {
      setRunning(null);
    }
    await queryClient.invalidateQueries({ queryKey: teamQueryKey(team.id) });
  };

  const content = () => {
    if (invitations.error) return <Notice tone="error">{errorMessage(invitations.error, t)}</Notice>;
    if (!invitations.data) return <Spinner label={t('app.loading')} />;
    if (invitations.data.length === 0) return <p className={styles.empty}>{t('team.invitations.empty')}</p>;
    const now = Date.now();
    return (
      <RowList>
        {invitations.data.map((invitation) => {
          const isExpired = new Date(invitation.expires_at).getTime() < now;
          const isRunning = running?.userId === invitation.id;
          return (
            <RowListItem key={invitation.id}>
              <Avatar src={invitation.photo_url} name={invitation.name} size={36} />
              <span className={styles.who}>
                <span className={styles.email}>{invitation.email}</span>
                <span className={styles.meta}>
                  <span>{t(`workspaces.roles.${invitation.pivot.role}`)}</span>
                  <span>
                    {t('team.invitations.sent', { date: dates.format(new Date(invitation.sent_at)) })}
                  </span>
                  {isExpired && <span className={styles.badge}>{t('team.invitations.expired')}</span>}
                </span>
              </span>
              <span className={styles.rowActions}>
                <Button
                  variant="secondary"
                  aria-label={t('team.invitations.resendLabel', { email: invitation.email })}
                  busy={isRunning && running.kind === 'resend'}
                  disabled={isRunning}
                  onClick={() => void handleResend(invitation)}
                >
                  {t('team.invitations.resend')}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('team.invitations.withdrawLabel', { email: invitation.email })}
                  busy={isRunning && running.kind === 'withdraw'}
                  disabled={isRunning}
                  onClick={() => void handleWithdraw(invitation)}
                >
                  {t('team.invitations.withdraw')}
                </Button>
              </span>
            </RowListItem>
          );
        })}
      </RowList>
    );
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('team.invitations.title')}
        {invitations.data && invitations.data.length > 0 && (
          <span className={styles.count}>{invitations.data.length}</span>
        )}
      </h3>
      {content()}
    </section>
  );
}
