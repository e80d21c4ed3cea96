import {
  type BoardSharing,
  type SaveBoardSharing,
  VISITOR_RIGHTS,
  type VisitorRights,
} from '@strata/contracts/public-boards';
import { isSecureWebUrl } from '@strata/domain/forms/form-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { EMBED_QUERY } from '../../lib/embed-mode';
import { errorMessage } from '../../lib/errors';
import { usePendingValue } from '../../lib/use-pending-value';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { embedSnippet, PublicLink } from '../../ui/public-link';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import styles from './boards.module.css';

export const boardSharingKey = (teamId: number, boardId: string) =>
  ['board-sharing', teamId, boardId] as const;

/**
 * A board's sharing (UPDATE_BOARD_DETAILS; docs/public-boards.md): public or not, with its address
 * to copy while public, and whether visitors get the folder list. Each switch saves at once.
 */
export function BoardSharingForm({
  teamId,
  boardId,
  boardName,
}: {
  teamId: number;
  boardId: string;
  /** The iframe's title in the embed code. */
  boardName: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = `/api/${teamId}/boards/${boardId}/sharing`;
  const key = boardSharingKey(teamId, boardId);
  const sharing = useQuery({ queryKey: key, queryFn: () => api.get<BoardSharing>(path) });
  const save = useMutation({
    mutationFn: (body: SaveBoardSharing) => api.put<BoardSharing>(path, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toasts.show(t('views.sharing.saved'), { tone: 'success' });
    },
    onError: (caught) => {
      toasts.show(errorMessage(caught, t), { tone: 'error' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return (
    <section className={`${styles.form} ${styles.panel}`} aria-labelledby="sharing-title">
      <h3 id="sharing-title">{t('views.sharing.title')}</h3>
      {sharing.isError ? (
        <Notice tone="error">{errorMessage(sharing.error, t)}</Notice>
      ) : !sharing.data ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <>
          <PublicLink
            url={`${window.location.origin}${sharing.data.path}`}
            embed={{
              label: t('views.sharing.embed'),
              code: embedSnippet(`${window.location.origin}${sharing.data.path}?${EMBED_QUERY}`, boardName),
            }}
            on={sharing.data.is_public}
            readOnly={save.isPending}
            texts={{
              label: t('views.sharing.public'),
              hint: t('views.sharing.publicHint'),
              link: t('views.sharing.link'),
            }}
            onChange={(on) => save.mutate({ is_public: on, show_folders: sharing.data.show_folders })}
          />
          {sharing.data.is_public && sharing.data.shared_by && (
            <p className={styles.hint}>
              {t('views.sharing.sharedBy', { name: sharing.data.shared_by.name })}
            </p>
          )}
          <SharingSwitch
            label={t('views.sharing.showFolders')}
            hint={t('views.sharing.showFoldersHint')}
            saved={sharing.data.show_folders}
            busy={save.isPending}
            onChange={(on) => save.mutate({ is_public: sharing.data.is_public, show_folders: on })}
          />
          {sharing.data.is_public && (
            <SharingSwitch
              label={t('views.sharing.visitorComments')}
              hint={t('views.sharing.visitorCommentsHint')}
              saved={sharing.data.visitor_comments}
              busy={save.isPending}
              onChange={(on) => save.mutate({ is_public: true, visitor_comments: on })}
            />
          )}
          {sharing.data.is_public && (
            <VisitorRightsChoice
              saved={sharing.data.visitor_rights}
              busy={save.isPending}
              onChange={(rights) => save.mutate({ is_public: true, visitor_rights: rights })}
            />
          )}
          <FeatureImageField
            key={sharing.data.feature_image ?? ''}
            saved={sharing.data.feature_image}
            busy={save.isPending}
            onSave={(featureImage) =>
              save.mutate({ is_public: sharing.data.is_public, feature_image: featureImage })
            }
          />
        </>
      )}
    </section>
  );
}

/** One on/off setting of the sharing, saved at once (shown as chosen while it saves). */
function SharingSwitch({
  label,
  hint,
  saved,
  busy,
  onChange,
}: {
  label: string;
  hint: string;
  saved: boolean;
  busy: boolean;
  onChange(on: boolean): void;
}) {
  const [on, setOn] = usePendingValue(saved);
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={on}
        disabled={busy}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setOn(next);
          onChange(next);
        }}
      />
      <span className={styles.toggleText}>
        <span className={styles.toggleLabel}>{label}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
    </label>
  );
}

/** What anonymous visitors may do besides viewing: one choice, saved at once. */
function VisitorRightsChoice({
  saved,
  busy,
  onChange,
}: {
  saved: VisitorRights;
  busy: boolean;
  onChange(rights: VisitorRights): void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = usePendingValue(saved);
  return (
    <fieldset className={styles.choices} disabled={busy}>
      <legend className={styles.toggleLabel}>{t('views.sharing.visitorRights')}</legend>
      {VISITOR_RIGHTS.map((rights) => (
        <label key={rights} className={styles.toggle}>
          <input
            type="radio"
            name="visitor-rights"
            checked={chosen === rights}
            onChange={() => {
              setChosen(rights);
              onChange(rights);
            }}
          />
          <span className={styles.toggleText}>{t(`views.sharing.rights.${rights}`)}</span>
        </label>
      ))}
      <p className={styles.hint}>{t('views.sharing.visitorRightsHint')}</p>
    </fieldset>
  );
}

/** The image shown above the public board: an https address, saved with its button; empty removes it. */
function FeatureImageField({
  saved,
  busy,
  onSave,
}: {
  saved: string | null;
  busy: boolean;
  onSave(featureImage: string | null): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next !== '' && !isSecureWebUrl(next)) {
      setError(t('views.errors.INVALID_URL'));
      return;
    }
    setError(undefined);
    onSave(next === '' ? null : next);
  };
  return (
    <form className={styles.inline} onSubmit={submit} noValidate>
      <TextField
        label={t('views.sharing.featureImage')}
        hint={t('views.sharing.featureImageHint')}
        type="url"
        dir="ltr"
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={busy} disabled={value.trim() === (saved ?? '')}>
        {t('common.save')}
      </Button>
    </form>
  );
}
