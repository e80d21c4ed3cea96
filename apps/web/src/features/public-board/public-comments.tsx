import { MAX_VISITOR_NAME_LENGTH, type PublicComment } from '@strata/contracts/public-boards';
import { plainTextToHtml } from '@strata/domain/attributes/html-text';
import type { ValueContext } from '@strata/domain/attributes/value-context';
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
import { useCommentTime } from '../comments/use-comment-time';
import { addPublicComment, fetchPublicComments } from './public-board-api';

/** Where the name a visitor comments under is kept on this device, for their next comment. */
const NAME_KEY = 'strata.visitor-name';
const NO_ABILITIES: CommentAbilities = { edit: false, delete: false, pin: false, react: false, reply: false };
/** A root comment takes a visitor's reply (replies are one level deep). */
const REPLY_ONLY: CommentAbilities = { ...NO_ABILITIES, reply: true };
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
 * A visitor's comment, or reply to `parentId`: their name (kept on the device for next time) and
 * the text, both required; sent as plain text made into paragraphs.
 */
function VisitorCommentForm(props: {
  boardId: string;
  itemId: string;
  parentId?: string;
  label: string;
  onSent(): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(savedName);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ name?: string; text?: string }>({});
  const send = useMutation({
    mutationFn: () =>
      addPublicComment(props.boardId, props.itemId, {
        name: name.trim(),
        text: { html: plainTextToHtml(text.trim()) },
        parent_id: props.parentId ?? null,
      }),
    onSuccess: () => {
      keepName(name.trim());
      setText('');
      props.onSent();
    },
    onError: (caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t('views.publicBoard.nameRequired'),
      text: text.trim() ? undefined : t('views.publicBoard.commentRequired'),
    };
    setProblem(next);
    if (!next.name && !next.text) send.mutate();
  };
  return (
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
        label={props.label}
        value={text}
        error={problem.text}
        dir="auto"
        autoFocus={props.parentId !== undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.visitorActions}>
        <Button type="submit" busy={send.isPending}>
          {props.parentId ? t('comments.reply') : t('comments.send')}
        </Button>
        {props.onCancel && (
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * An item's comments for a visitor of a public board that lets them comment
 * (docs/public-boards.md): the team's and other visitors' comments, read only, a form to add one
 * under a name the visitor gives, and a reply under each.
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
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const names = useMemo(
    () => new Map((comments.data?.members ?? []).map((member) => [member.id, member.name])),
    [comments.data?.members],
  );
  const nameOf = useCallback((id: number) => names.get(id) ?? t('comments.removedUser'), [names, t]);
  const formatTime = useCommentTime(context);

  const card = (
    comment: PublicComment | Omit<PublicComment, 'replies'>,
    abilities: CommentAbilities,
    children?: ReactNode,
  ) => (
    <CommentCard
      key={comment.id}
      comment={{ ...comment, reactions: [] }}
      abilities={abilities}
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
      onReply={() => setReplyTo(comment.id)}
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
      <VisitorCommentForm boardId={boardId} itemId={itemId} label={t('comments.newLabel')} onSent={refresh} />
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
              REPLY_ONLY,
              comment.replies.length > 0 || replyTo === comment.id ? (
                <div className={styles.replies}>
                  {comment.replies.map((reply) => card(reply, NO_ABILITIES))}
                  {replyTo === comment.id && (
                    <VisitorCommentForm
                      boardId={boardId}
                      itemId={itemId}
                      parentId={comment.id}
                      label={t('comments.replyLabel')}
                      onSent={() => {
                        setReplyTo(null);
                        refresh();
                      }}
                      onCancel={() => setReplyTo(null)}
                    />
                  )}
                </div>
              ) : undefined,
            ),
          )}
        </div>
      )}
    </section>
  );
}
