import type { Comment } from '@strata/contracts/comments';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { mayDeleteComment, mayEditComment } from '@strata/domain/comments/comment-rules';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { useBoardView } from '../boards/board-context';
import type { ViewMember } from '../views/view-types';
import { type CommentAbilities, CommentCard, EditorFallback } from './comment-card';
import styles from './comments.module.css';
import { type CommentTarget, deleteComment, pinComment, saveComment, toggleReaction } from './comments-api';
import { FollowButton } from './follow-button';
import { FollowersControl } from './followers-control';
import { useCommentTime } from './use-comment-time';
import { useItemComments } from './use-item-comments';

const CommentEditor = lazy(() => import('./comment-editor'));

/** A comment written here that the server has not accepted yet. */
interface PendingComment {
  id: string;
  html: string;
  parentId: string | null;
  createdAt: string;
}

export interface ItemCommentsProps {
  item: { id: string; team_id: number; board_id: string };
  /** The workspace's members: names and photos, and whom a mention may name. */
  members: readonly ViewMember[];
  context: ValueContext;
  /** A comment to show and highlight (`?comment={id}`). */
  highlightId?: string | null;
}

/**
 * An item's comments (its panel's Comments tab, `?t=comments`): a composer, then the comments
 * pinned first and newest first, each with its replies, reactions and actions as the caller may.
 * Live: others' comments arrive as they are written. A comment written offline shows as sending
 * and goes out once the connection is back.
 */
export function ItemComments({ item, members, context, highlightId }: ItemCommentsProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { profile } = useSession();
  const { board, can } = useBoardView();
  const feed = useItemComments(item.team_id, item.board_id, item.id);
  const [pending, setPending] = useState<PendingComment[]>([]);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const target: CommentTarget = { teamId: item.team_id, boardId: item.board_id, itemId: item.id };
  const userId = profile?.id;

  const byId = useMemo(() => new Map(members.map((member) => [member.id, member])), [members]);
  const nameOf = useCallback((id: number) => byId.get(id)?.name ?? t('comments.removedUser'), [byId, t]);
  const photoOf = useCallback((id: number) => byId.get(id)?.photo_url ?? null, [byId]);
  // A private board's people are its members; anyone in the workspace on the others.
  const mentionable = useMemo(
    () => (board.is_private ? members.filter((member) => board.user_ids.includes(member.id)) : members),
    [board.is_private, board.user_ids, members],
  );
  const formatTime = useCommentTime(context);

  const report = (error: unknown) => {
    toasts.show(errorMessage(error, t), { tone: 'error' });
    feed.refresh();
  };
  const settle = (work: Promise<unknown>) => work.then(() => feed.refresh(), report);

  const write = (html: string, parentId: string | null) => {
    const comment: PendingComment = {
      id: crypto.randomUUID(),
      html,
      parentId,
      createdAt: new Date().toISOString(),
    };
    setPending((list) => [...list, comment]);
    if (parentId) setReplyingTo(null);
    void saveComment(target, { id: comment.id, html, parentId, rowVersion: 1 })
      .then(() => feed.refresh(), report)
      .finally(() => setPending((list) => list.filter((entry) => entry.id !== comment.id)));
  };
  const abilitiesOf = (comment: Pick<Comment, 'created_by' | 'visitor_name'>): CommentAbilities => {
    const rules = { createdBy: comment.created_by, visitorName: comment.visitor_name };
    const canComment = can('ADD_COMMENTS');
    return {
      edit: userId !== undefined && mayEditComment(rules, userId, can),
      delete: userId !== undefined && mayDeleteComment(rules, userId, can),
      pin: can('PIN_COMMENTS'),
      react: canComment,
      reply: canComment,
    };
  };
  const remove = async (comment: Comment) => {
    const isConfirmed = await confirm({
      title: t('comments.deleteTitle'),
      body:
        comment.parent_id === null && (comment.replies_count ?? 0) > 0
          ? t('comments.deleteWithReplies')
          : undefined,
      action: t('comments.deleteAction'),
    });
    if (isConfirmed) await settle(deleteComment(item.team_id, comment.id));
  };

  // `?comment=`: read on until the comment is there, then bring it into view.
  const highlighted = highlightId
    ? feed.comments.some((c) => c.id === highlightId || c.replies?.some((r) => r.id === highlightId))
    : false;
  const { hasMore, isLoadingMore, loadMore } = feed;
  useEffect(() => {
    if (!highlightId || feed.isPending) return;
    if (highlighted) {
      document.getElementById(`comment-${highlightId}`)?.scrollIntoView({ block: 'center' });
    } else if (hasMore && !isLoadingMore) loadMore();
  }, [highlightId, highlighted, feed.isPending, hasMore, isLoadingMore, loadMore]);

  const card = (comment: Comment, children?: React.ReactNode) => (
    <CommentCard
      key={comment.id}
      comment={comment}
      abilities={abilitiesOf(comment)}
      userId={userId}
      members={mentionable}
      nameOf={nameOf}
      photoOf={photoOf}
      formatTime={formatTime}
      isEditing={editingId === comment.id}
      isHighlighted={comment.id === highlightId}
      onEdit={() => setEditingId(comment.id)}
      onCancelEdit={() => setEditingId(null)}
      onSaveEdit={(html) => {
        setEditingId(null);
        void settle(
          saveComment(target, {
            id: comment.id,
            html,
            parentId: comment.parent_id,
            rowVersion: comment.row_version + 1,
          }),
        );
      }}
      onDelete={() => void remove(comment)}
      onPin={() => void settle(pinComment(item.team_id, comment.id, !comment.pinned))}
      onReply={() => setReplyingTo(comment.parent_id ?? comment.id)}
      onReact={(reaction) => void settle(toggleReaction(item.team_id, comment.id, reaction))}
    >
      {children}
    </CommentCard>
  );
  const pendingCard = (entry: PendingComment) => (
    <CommentCard
      key={entry.id}
      comment={{
        id: entry.id,
        text: { html: entry.html },
        created_by: userId ?? null,
        created_at: entry.createdAt,
        edited_at: null,
        pinned: false,
        reactions: [],
        parent_id: entry.parentId,
      }}
      abilities={{ edit: false, delete: false, pin: false, react: false, reply: false }}
      userId={userId}
      members={mentionable}
      nameOf={nameOf}
      photoOf={photoOf}
      formatTime={formatTime}
      isEditing={false}
      isHighlighted={false}
      isPending
      onEdit={noop}
      onCancelEdit={noop}
      onSaveEdit={noop}
      onDelete={noop}
      onPin={noop}
      onReply={noop}
      onReact={noop}
    />
  );

  const followSubject = { teamId: item.team_id, kind: 'items', id: item.id } as const;
  return (
    <section className={styles.section} aria-labelledby={`comments-${item.id}`}>
      <div className={styles.sectionHeader}>
        <h3 id={`comments-${item.id}`} className={styles.sectionTitle}>
          {t('comments.title')}
          {feed.count > 0 && <span className={styles.count}>{feed.count}</span>}
        </h3>
        <div className={styles.followActions}>
          <FollowButton subject={followSubject} />
          <FollowersControl subject={followSubject} people={mentionable} canSubscribe={can('ADD_COMMENTS')} />
        </div>
      </div>
      {can('ADD_COMMENTS') && (
        <Suspense fallback={<EditorFallback />}>
          <CommentEditor
            members={mentionable}
            label={t('comments.newLabel')}
            submitLabel={t('comments.send')}
            onSubmit={(html) => write(html, null)}
          />
        </Suspense>
      )}
      {feed.error ? (
        <Notice tone="error">{t('comments.loadFailed')}</Notice>
      ) : feed.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <>
          {pending
            .filter((entry) => entry.parentId === null)
            .reverse()
            .map(pendingCard)}
          {feed.comments.length === 0 && pending.length === 0 && (
            <p className={styles.empty}>{t('comments.empty')}</p>
          )}
          <div className={styles.list}>
            {feed.comments.map((comment) =>
              card(
                comment,
                <>
                  {(comment.replies?.length ?? 0) > 0 ||
                  pending.some((entry) => entry.parentId === comment.id) ? (
                    <div className={styles.replies}>
                      {comment.replies?.map((reply) => card(reply as Comment))}
                      {pending.filter((entry) => entry.parentId === comment.id).map(pendingCard)}
                    </div>
                  ) : null}
                  {replyingTo === comment.id && (
                    <div className={styles.replies}>
                      <Suspense fallback={<EditorFallback />}>
                        <CommentEditor
                          members={mentionable}
                          label={t('comments.replyLabel')}
                          submitLabel={t('comments.reply')}
                          onSubmit={(html) => write(html, comment.id)}
                          onCancel={() => setReplyingTo(null)}
                          autoFocus
                        />
                      </Suspense>
                    </div>
                  )}
                </>,
              ),
            )}
          </div>
          {feed.hasMore && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={feed.loadMore}
              disabled={feed.isLoadingMore}
            >
              {t('comments.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const noop = () => {};
