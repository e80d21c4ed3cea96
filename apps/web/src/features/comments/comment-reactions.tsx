import * as Popover from '@radix-ui/react-popover';
import type { CommentReactionSummary } from '@strata/contracts/comments';
import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './comments.module.css';

/** The emoji offered for a reaction. */
export const REACTIONS = ['👍', '❤️', '🎉', '😄', '😮', '😢', '👀', '🙏', '✅', '🚀'] as const;

/**
 * A comment's reactions: each emoji with its count (pressed when the caller gave it; pressing
 * toggles), and a button that offers the emoji to react with.
 */
export function CommentReactions(props: {
  reactions: readonly CommentReactionSummary[];
  userId: number | undefined;
  canReact: boolean;
  nameOf(userId: number): string;
  onToggle(reaction: string): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (props.reactions.length === 0 && !props.canReact) return null;
  return (
    <div className={styles.reactions}>
      {props.reactions.map((summary) => {
        const mine = props.userId !== undefined && summary.user_ids.includes(props.userId);
        const who = summary.user_ids.map(props.nameOf).join(', ');
        return (
          <button
            key={summary.reaction}
            type="button"
            className={styles.reaction}
            aria-pressed={mine}
            disabled={!props.canReact}
            title={who}
            aria-label={t('comments.reactionCount', {
              reaction: summary.reaction,
              count: summary.count,
              names: who,
            })}
            onClick={() => props.onToggle(summary.reaction)}
          >
            <span aria-hidden="true">{summary.reaction}</span>
            <span aria-hidden="true">{summary.count}</span>
          </button>
        );
      })}
      {props.canReact && (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger className={styles.iconButton} aria-label={t('comments.addReaction')}>
            <SmilePlus size={16} aria-hidden="true" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.reactionPicker} sideOffset={4} collisionPadding={8}>
              {REACTIONS.map((reaction) => (
                <button
                  key={reaction}
                  type="button"
                  className={styles.reactionChoice}
                  onClick={() => {
                    setOpen(false);
                    props.onToggle(reaction);
                  }}
                >
                  {reaction}
                </button>
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}
