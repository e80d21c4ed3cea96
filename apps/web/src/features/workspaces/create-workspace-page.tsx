import type { Team } from '@strata/contracts/teams';
import { HttpError } from '@strata/sync/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { refreshWorkspaces, SUBSCRIPTION_QUERY, useSubscription, workspaceRoom } from '../../lib/workspaces';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import styles from './workspaces.module.css';

/** Raised when the plan has no room for another workspace (spec section 2). */
export const WORKSPACE_LIMIT_EVENT = 'workspaceLimitExceeded';

function raiseLimitEvent(limit: number | null, count: number) {
  window.dispatchEvent(new CustomEvent(WORKSPACE_LIMIT_EVENT, { detail: { limit, count } }));
}

/** workspace/create: blocked, with the plan's limit, when the plan allows no more workspaces. */
export function CreateWorkspacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const { profile } = useSession();
  const room = workspaceRoom(subscription.data, profile?.id);
  const blocked = subscription.isSuccess && !room.creation.allowed;
  const atLimit = !room.creation.allowed && room.creation.reason === 'limit';
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });

  useEffect(() => {
    if (blocked && atLimit) raiseLimitEvent(room.limit, room.count);
  }, [blocked, atLimit, room.limit, room.count]);

  const onSubmit = handleSubmit(async ({ name }) => {
    setError(null);
    try {
      const team = await api.post<Team>('/api/teams', { name: name.trim() });
      await refreshWorkspaces();
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY });
      void navigate(`/team/${team.id}`);
    } catch (caught) {
      if (caught instanceof HttpError && caught.code === 'WORKSPACE_LIMIT_REACHED')
        raiseLimitEvent(room.limit, room.count);
      setError(errorMessage(caught, t));
    }
  });

  if (subscription.isPending) return <PageSpinner label={t('app.loading')} />;
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header>
        <h1>{t('workspaces.createTitle')}</h1>
        <p className={styles.subtitle}>{t('workspaces.createSubtitle')}</p>
      </header>
      {blocked && (
        <Notice tone="error">
          {atLimit
            ? t('workspaces.limitReached', { limit: room.limit, count: room.count })
            : t('errors.codes.SUBSCRIPTION_REQUIRED')}
        </Notice>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-disabled={blocked || undefined}>
        {/* Disabled rather than hidden: the reason above says why the form cannot be sent. */}
        <fieldset className={styles.fieldset} disabled={blocked}>
          {error && <Notice tone="error">{error}</Notice>}
          <TextField
            label={t('workspaces.name')}
            placeholder={t('workspaces.namePlaceholder')}
            autoFocus={!blocked}
            error={formState.errors.name?.message}
            {...register('name', { validate: (v) => v.trim() !== '' || t('validation.required') })}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={formState.isSubmitting}>
              {t('workspaces.create')}
            </Button>
          </div>
        </fieldset>
      </form>
      <Link to="/home">{t('workspaces.back')}</Link>
    </div>
  );
}
