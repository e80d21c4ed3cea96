import type { Team } from '@strata/contracts/teams';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { useAppVars } from '../../lib/app-vars';
import { isConnected } from '../../lib/connection';
import { errorMessage } from '../../lib/errors';
import { refreshWorkspaces, renameWorkspace } from '../../lib/workspaces';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PhotoPicker } from '../../ui/photo-picker';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import { teamQueryKey, useTeamView } from './team-context';
import styles from './workspaces.module.css';

/** The word to type before deleting (spec section 5); the same in every language. */
const CONFIRM_WORD = 'DELETE';

/** team/{teamId}/settings: rename; delete after typing DELETE (owner only). */
export function TeamSettingsPage() {
  const { t } = useTranslation();
  const { team, can } = useTeamView();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const maxMb = useAppVars().data?.photo_max_mb ?? 5;
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string }>({
    defaultValues: { name: team.name },
  });

  if (!can('EDIT_WORKSPACE_SETTINGS') && !can('DELETE_WORKSPACE')) {
    return <Notice tone="error">{t('errors.unauthorized')}</Notice>;
  }

  /**
   * The new name shows everywhere at once. Online the form waits for the server; offline the
   * change waits in the queue (the header counts it) and the form is free again.
   */
  const onRename = handleSubmit(async ({ name }) => {
    setError(null);
    const key = teamQueryKey(team.id);
    const before = queryClient.getQueryData<Team>(key);
    if (before) queryClient.setQueryData(key, { ...before, name: name.trim() });
    const saving = renameWorkspace(team, name.trim()).then(
      (updated) => {
        queryClient.setQueryData(key, updated);
        toasts.show(t('team.settings.saved'), { tone: 'success' });
      },
      (caught: unknown) => {
        if (before) queryClient.setQueryData(key, before);
        setError(errorMessage(caught, t));
      },
    );
    if (isConnected()) await saving;
  });

  const handleDelete = async () => {
    setDeleting(true);
    setError(null);
    try {
      await api.delete(`/api/teams/${team.id}`);
    } catch (caught) {
      setError(errorMessage(caught, t));
      setDeleting(false);
      return;
    }
    // Leave the workspace's screens first (the navigation has ended when this resolves): a query
    // of theirs refetched now would ask for a workspace that is gone. Its cache is dropped once
    // they are unmounted.
    await navigate('/home', { replace: true });
    toasts.show(t('team.settings.deleted', { team: team.name }), { tone: 'success' });
    await refreshWorkspaces();
    queryClient.removeQueries({ queryKey: teamQueryKey(team.id) });
  };

  return (
    <div className={styles.section}>
      {error && <Notice tone="error">{error}</Notice>}
      {can('EDIT_WORKSPACE_SETTINGS') && (
        <form className={`${styles.form} ${styles.panel}`} onSubmit={onRename} noValidate>
          <TextField
            label={t('team.settings.name')}
            error={formState.errors.name?.message}
            {...register('name', { validate: (v) => v.trim() !== '' || t('validation.required') })}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={formState.isSubmitting}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      )}
      {can('EDIT_WORKSPACE_SETTINGS') && (
        <section className={`${styles.form} ${styles.panel}`} aria-labelledby="photo-title">
          <h2 id="photo-title">{t('team.settings.photo')}</h2>
          <PhotoPicker
            src={team.photo_url}
            name={team.name}
            hasPhoto={team.photo_url !== null}
            maxMb={maxMb}
            labels={{
              change: t('profile.settings.changePhoto'),
              remove: t('profile.settings.removePhoto'),
              hint: t('profile.settings.photoHint', { n: maxMb }),
              removeConfirm: t('team.settings.removePhotoConfirm'),
            }}
            onUpload={async (file) => {
              const body = new FormData();
              body.append('photo', file);
              queryClient.setQueryData(
                teamQueryKey(team.id),
                await api.post<Team>(`/api/teams/${team.id}/photo`, body),
              );
              toasts.show(t('team.settings.photoUpdated'), { tone: 'success' });
            }}
            onRemove={async () => {
              queryClient.setQueryData(
                teamQueryKey(team.id),
                await api.delete<Team>(`/api/teams/${team.id}/photo`),
              );
              toasts.show(t('team.settings.photoRemoved'), { tone: 'success' });
            }}
            describeError={(error) => errorMessage(error, t)}
          />
        </section>
      )}
      {can('DELETE_WORKSPACE') && (
        <section className={`${styles.form} ${styles.panel} ${styles.danger}`} aria-labelledby="delete-title">
          <h2 id="delete-title">{t('team.settings.dangerTitle')}</h2>
          <p className={styles.meta}>{t('team.settings.dangerBody')}</p>
          <TextField
            label={t('team.settings.typeDelete')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
          <div className={styles.actions}>
            <Button variant="danger" disabled={typed !== CONFIRM_WORD} busy={deleting} onClick={handleDelete}>
              {t('team.settings.deleteButton')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
