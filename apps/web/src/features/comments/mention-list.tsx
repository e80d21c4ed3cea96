import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../ui/avatar';
import type { ViewMember } from '../views/view-types';
import styles from './comments.module.css';

export const mentionOptionId = (listId: string, memberId: number) => `${listId}-${memberId}`;

/**
 * The members a mention can name, under the caret: arrows move, Enter or Tab chooses, Escape
 * closes (the editor's keys, see comment-editor.tsx); a click chooses too.
 */
export function MentionList(props: {
  members: readonly ViewMember[];
  active: number;
  /** Where to show it, in the editor's box: under the caret. */
  position: { top: number; left: number } | null;
  /** The list's id: option ids start with it; the editor names the active option (aria-activedescendant). */
  id: string;
  onChoose(member: ViewMember): void;
}) {
  const { t } = useTranslation();
  const style = props.position ? { top: props.position.top, left: props.position.left } : undefined;
  if (props.members.length === 0) {
    return (
      <div id={props.id} className={styles.mentionList} style={style} role="status">
        {t('comments.noMemberMatch')}
      </div>
    );
  }
  return (
    <div
      className={styles.mentionList}
      style={style}
      id={props.id}
      role="listbox"
      aria-label={t('comments.mentionList')}
    >
      {props.members.map((member, index) => (
        <div
          key={member.id}
          id={mentionOptionId(props.id, member.id)}
          role="option"
          tabIndex={-1}
          aria-selected={index === props.active}
          className={styles.mentionOption}
          // Keeps the caret in the editor: the choice is made on mouse down.
          onMouseDown={(event) => {
            event.preventDefault();
            props.onChoose(member);
          }}
        >
          {member.photo_url && <Avatar src={member.photo_url} name="" size={20} />}
          <span dir="auto">{member.name}</span>
        </div>
      ))}
    </div>
  );
}
