import { MAX_VISITOR_NAME_LENGTH, type PublicComment } from '@strata/contracts/public-boards';
import { plainTextToHtml } from '@strata/domain/attributes/html-text';
import { contextLocale, contextTimeZone, type ValueContext } from '@strata/domain/attributes/value-context';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import { type CommentAbilities, CommentCard } from '../comments/comment-card';
import styles from '../comments/comments.module.css';
import { addPublicComment, fetchPublicComments } from './public-board-api';

/** Where the name a visitor comments under is kept on this device, for their next comment. */
const NAME_KEY = 'strata.visitor-name';
const NO_ABILITIES: CommentAbilities = { edit: false, delete: false, pin: false, react: false, reply: false };
const nothing = () => undefined;

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Storage refused: the name is asked again next time.
  }
}

/**
 * An item's comments for a visitor of a public board that lets them comment
 * (docs/public-boards.md): the team's and other visitors' comments, read only, and a form to add
 * one under a name the visitor gives.
 */
export function PublicComments({
  boardId,
  itemId,
  context,
}: {
  boardId: string;
  itemId: string;
  context: ValueContext;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['public-board', boardId, 'comments', itemId];
  const comments = useQuery({
    queryKey: key,
    queryFn: () => fetchPublicComments(boardId, itemId),
    retry: false,
  });
  const [name, setName] = useState(savedName);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ name?: string; text?: string }>({});
  const send = useMutation({
    mutationFn: () =>
      addPublicComment(boardId, itemId, { name: name.trim(), text: { html: plainTextToHtml(text.trim()) } }),
    onSuccess: () => {
      keepName(name.trim());
      setText('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
  });
  const names = useMemo(
    () => new Map((comments.data?.members ?? []).map((member) => [member.id, member.name])),
    [comments.data?.members],
  );
  const nameOf = useCallback((id: number) => names.get(id) ?? t('comments.removedUser'), [names, t]);
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(contextLocale(context), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: contextTimeZone(context),
      }),
    [context],
  );
  const formatTime = useCallback((iso: string) => time.format(new Date(iso)), [time]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t('views.publicBoard.nameRequired'),
      text: text.trim() ? undefined : t('views.publicBoard.commentRequired'),
    };
    setProblem(next);
    if (!next.name && !next.text) send.mutate();
  };
  const card = (comment: PublicComment | Omit<PublicComment, 'replies'>, children?: ReactNode) => (
    <CommentCard
      key={comment.id}
      comment={{ ...comment, reactions: [] }}
      abilities={NO_ABILITIES}
      userId={undefined}
      members={[]}
      nameOf={nameOf}
      photoOf={() => null}
      formatTime={formatTime}
      isEditing={false}
      isHighlighted={false}
      onEdit={nothing}
      onCancelEdit={nothing}
      onSaveEdit={nothing}
      onDelete={nothing}
      onPin={nothing}
      onReply={nothing}
      onReact={nothing}
    >
      {children}
    </CommentCard>
  );

  return (
    <section className={styles.section} aria-labelledby={`public-comments-${itemId}`}>
      <div className={styles.sectionHeader}>
        <h3 id={`public-comments-${itemId}`} className={styles.sectionTitle}>
          {t('comments.title')}
        </h3>
      </div>
      <form className={styles.visitorForm} onSubmit={submit} noValidate>
        <TextField
          label={t('views.publicBoard.yourName')}
          value={name}
          maxLength={MAX_VISITOR_NAME_LENGTH}
          autoComplete="name"
          error={problem.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextArea
          label={t('comments.newLabel')}
          value={text}
          error={problem.text}
          dir="auto"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" busy={send.isPending}>
          {t('comments.send')}
        </Button>
      </form>
      {comments.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : comments.isError ? (
        <Notice tone="error">{t('comments.loadFailed')}</Notice>
      ) : comments.data.comments.length === 0 ? (
        <p className={styles.empty}>{t('comments.empty')}</p>
      ) : (
        <div className={styles.list}>
          {comments.data.comments.map((comment) =>
            card(
              comment,
              comment.replies.length > 0 ? (
                <div className={styles.replies}>{comment.replies.map((reply) => card(reply))}</div>
              ) : undefined,
            ),
          )}
        </div>
      )}
    </section>
  );
}
