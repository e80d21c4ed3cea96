import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Comment } from '@strata/contracts/comments';
import { MoreHorizontal, Pin } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../ui/avatar';
import menuStyles from '../../ui/menu.module.css';
import { MenuOnFirstUse } from '../../ui/on-first-use';
import { Spinner } from '../../ui/spinner';
import type { ViewMember } from '../views/view-types';
import { CommentBody } from './comment-body';
import { CommentReactions } from './comment-reactions';
import styles from './comments.module.css';

const CommentEditor = lazy(() => import('./comment-editor'));

/** What the caller may do with one comment (the domain's rules, applied by the list). */
export interface CommentAbilities {
  edit: boolean;
  delete: boolean;
  pin: boolean;
  react: boolean;
  reply: boolean;
}

export interface CommentCardProps {
  comment: Pick<
    Comment,
    'id' | 'text' | 'created_by' | 'created_at' | 'edited_at' | 'pinned' | 'reactions' | 'visitor_name'
  > & {
    parent_id: string | null;
  };
  abilities: CommentAbilities;
  userId: number | undefined;
  members: readonly ViewMember[];
  nameOf(userId: number): string;
  photoOf(userId: number): string | null;
  formatTime(iso: string): string;
  isEditing: boolean;
  isHighlighted: boolean;
  /** Written here but not yet accepted by the server (offline, or on its way). */
  isPending?: boolean;
  onEdit(): void;
  onCancelEdit(): void;
  onSaveEdit(html: string): void;
  onDelete(): void;
  onPin(): void;
  onReply(): void;
  onReact(reaction: string): void;
  /** The replies and the reply editor, under a root comment. */
  children?: ReactNode;
}

/** Loading the editor's code: a line of the same height, so nothing jumps. */
export function EditorFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.editorFallback}>
      <Spinner label={t('app.loading')} />
    </div>
  );
}

/** One comment: its author, time, text, reactions and actions; a root comment's replies under it. */
export function CommentCard(props: CommentCardProps) {
  const { t } = useTranslation();
  const { comment, abilities } = props;
  // A visitor of a public board writes in the name of the member who shared it: theirs is the name.
  const author = comment.visitor_name
    ? t('comments.visitor', { name: comment.visitor_name })
    : comment.created_by === null
      ? t('comments.deletedAccount')
      : props.nameOf(comment.created_by);
  const photo =
    comment.created_by === null || comment.visitor_name ? null : props.photoOf(comment.created_by);
  const hasMenu = abilities.edit || abilities.delete || (abilities.pin && comment.parent_id === null);
  return (
    <article
      id={`comment-${comment.id}`}
      className={`${styles.card} ${props.isHighlighted ? styles.highlighted : ''}`}
      aria-label={t('comments.commentBy', { name: author })}
      data-pending={props.isPending || undefined}
    >
      <header className={styles.cardHeader}>
        {photo ? <Avatar src={photo} name="" size={24} /> : <span className={styles.avatarGap} />}
        <strong className={styles.author} dir="auto">
          {author}
        </strong>
        <time className={styles.time} dateTime={comment.created_at}>
          {props.formatTime(comment.created_at)}
        </time>
        {comment.edited_at && <span className={styles.meta}>{t('comments.edited')}</span>}
        {props.isPending && <span className={styles.meta}>{t('comments.sending')}</span>}
        {comment.pinned && (
          <span className={styles.pinned}>
            <Pin size={12} aria-hidden="true" />
            {t('comments.pinned')}
          </span>
        )}
        {hasMenu && !props.isPending && (
          <MenuOnFirstUse
            modal={false}
            trigger={
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('comments.actions', { name: author })}
              >
                <MoreHorizontal size={16} aria-hidden="true" />
              </button>
            }
          >
            <Menu.Portal>
              <Menu.Content className={menuStyles.menu} align="end" sideOffset={4}>
                {abilities.pin && comment.parent_id === null && (
                  <Menu.Item className={menuStyles.menuItem} onSelect={props.onPin}>
                    {comment.pinned ? t('comments.unpin') : t('comments.pin')}
                  </Menu.Item>
                )}
                {abilities.edit && (
                  <Menu.Item className={menuStyles.menuItem} onSelect={props.onEdit}>
                    {t('comments.edit')}
                  </Menu.Item>
                )}
                {abilities.delete && (
                  <Menu.Item
                    className={`${menuStyles.menuItem} ${menuStyles.danger}`}
                    onSelect={props.onDelete}
                  >
                    {t('comments.delete')}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Portal>
          </MenuOnFirstUse>
        )}
      </header>
      {props.isEditing ? (
        <Suspense fallback={<EditorFallback />}>
          <CommentEditor
            members={props.members}
            initialHtml={comment.text.html}
            label={t('comments.editLabel')}
            submitLabel={t('common.save')}
            onSubmit={props.onSaveEdit}
            onCancel={props.onCancelEdit}
            autoFocus
          />
        </Suspense>
      ) : (
        <CommentBody html={comment.text.html} nameOf={props.nameOf} />
      )}
      {!props.isPending && (
        <div className={styles.cardFooter}>
          <CommentReactions
            reactions={comment.reactions}
            userId={props.userId}
            canReact={abilities.react}
            nameOf={props.nameOf}
            onToggle={props.onReact}
          />
          {abilities.reply && (
            <button type="button" className={styles.linkButton} onClick={props.onReply}>
              {t('comments.reply')}
            </button>
          )}
        </div>
      )}
      {props.children}
    </article>
  );
}
