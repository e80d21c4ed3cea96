import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { createBoardWithFolder } from '../../lib/boards/board-writes';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { useTeamView } from '../workspaces';
import { DEFAULT_BOARD_COLOR } from './board-colors';
import { BoardDetailsFields, type BoardFormValues, PrivacyField } from './board-fields';
import styles from './boards.module.css';

/**
 * team/{teamId}/boards/create (no sidebar; query start, template, name): a board from scratch.
 * `name` prefills the name. The board and its first folder are made here (client ids, shown at
 * once, queued offline), and the board opens on that folder.
 */
export function CreateBoardPage() {
  const { t } = useTranslation();
  const { team, can } = useTeamView();
  const { profile } = useSession();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BoardFormValues>({
    defaultValues: {
      name: query.get('name') ?? '',
      description: '',
      color: DEFAULT_BOARD_COLOR,
      is_private: false,
    },
  });

  if (!can('CREATE_BOARDS') || !profile) return <Notice tone="error">{t('errors.unauthorized')}</Notice>;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { board, folder } = await createBoardWithFolder({
        userId: profile.id,
        teamId: team.id,
        fields: {
          name: values.name.trim(),
          description: values.description.trim() || null,
          color: values.color || null,
          is_private: values.is_private,
        },
        folderName: t('boards.firstFolderName'),
        nameAttributeName: t('items.nameAttribute'),
      });
      void navigate(`/b/${board.id}/${folder.id}`);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });

  return (
    <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="create-board-title">
      <header>
        <h2 id="create-board-title">{t('boards.create.title')}</h2>
        <p className={styles.subtitle}>{t('boards.create.subtitle', { team: team.name })}</p>
      </header>
      <form className={`${styles.form} ${styles.panel}`} onSubmit={onSubmit} noValidate>
        {error && <Notice tone="error">{error}</Notice>}
        <BoardDetailsFields form={form} autoFocus />
        <PrivacyField form={form} />
        <div className={styles.actions}>
          <Link to={`/team/${team.id}`} className={styles.cancel}>
            {t('common.cancel')}
          </Link>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('boards.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
