import type { MyInvitation } from '@strata/contracts/invitations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { MY_INVITATIONS_QUERY, refreshWorkspaces } from '../../lib/workspaces';
import { Button } from '../../ui/button';
import { RowList, RowListItem } from '../../ui/row-list';
import { toasts } from '../../ui/toast-store';
import styles from './my-invitations.module.css';

/**
 * Invitations waiting for the signed-in user, on their home page: join or decline without the
 * mailed link (someone who registered on their own finds them here). Nothing shows without any.
 */
export function MyInvitations() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const invitations = useQuery({
    queryKey: MY_INVITATIONS_QUERY,
    queryFn: () => api.get<MyInvitation[]>('/api/me/invitations'),
  });
  if (!invitations.data?.length) return null;

  const handle = async (invitation: MyInvitation, accept: boolean) => {
    setBusy(`${invitation.id}:${accept}`);
    try {
      if (accept) {
        await api.post(`/api/me/invitations/${invitation.id}/accept`, {});
        toasts.show(t('invitation.mine.joined', { team: invitation.team.name }), { tone: 'success' });
        await refreshWorkspaces();
        void navigate(`/team/${invitation.team.id}`);
      } else {
        await api.delete(`/api/me/invitations/${invitation.id}`);
        toasts.show(t('invitation.mine.declined', { team: invitation.team.name }), { tone: 'success' });
      }
    } catch (error) {
      toasts.show(errorMessage(error, t), { tone: 'error' });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY });
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-invitations-title">
      <h2 id="my-invitations-title">{t('invitation.mine.title')}</h2>
      <RowList>
        {invitations.data.map((invitation) => {
          const role = t(`workspaces.roles.${invitation.role}`);
          const team = invitation.team.name;
          return (
            <RowListItem key={invitation.id}>
              <span className={styles.text}>
                {invitation.inviter_name
                  ? t('invitation.subtitleFrom', { name: invitation.inviter_name, team, role })
                  : t('invitation.subtitle', { team, role })}
              </span>
              <Button
                variant="secondary"
                busy={busy === `${invitation.id}:false`}
                disabled={busy !== null}
                onClick={() => void handle(invitation, false)}
              >
                {t('invitation.mine.decline')}
              </Button>
              <Button
                busy={busy === `${invitation.id}:true`}
                disabled={busy !== null}
                onClick={() => void handle(invitation, true)}
              >
                {t('invitation.join', { team })}
              </Button>
            </RowListItem>
          );
        })}
      </RowList>
    </section>
  );
}
