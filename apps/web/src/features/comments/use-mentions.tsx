import Mention from '@tiptap/extension-mention';
import type { Editor } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ViewMember } from '../views/view-types';
import { MentionList, mentionOptionId } from './mention-list';
import { matchMembers } from './mention-match';

/** What the open mention list shows and where: the members matching what follows "@". */
export interface Suggesting {
  members: ViewMember[];
  active: number;
  position: { top: number; left: number } | null;
  choose(member: ViewMember): void;
}

/**
 * @mentions of the board's members in a rich-text editor (comments, documents): the Mention
 * extension, written as `<span data-type="mention" data-id data-label>` (the element the server
 * reads), with its list's state. `box`: the editor's own box, which the list is placed in (under
 * the caret; the panel around it may be transformed or scrolled). Give `extension` to the editor
 * and render `MentionSuggestions` beside it.
 */
export function useMentions(
  members: readonly ViewMember[],
  box: RefObject<HTMLElement | null>,
  /** The mention node: the extension's own, or one drawn otherwise (a page's). */
  node: typeof Mention = Mention,
) {
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const suggestingRef = useRef<Suggesting | null>(null);
  suggestingRef.current = suggesting;
  const membersRef = useRef(members);
  membersRef.current = members;
  const placeUnder = (rect: DOMRect | null | undefined) => {
    const frame = box.current?.getBoundingClientRect();
    if (!rect || !frame) return null;
    const width = Math.min(320, frame.width);
    return {
      top: rect.bottom - frame.top + 4,
      left: Math.max(0, Math.min(rect.left - frame.left, frame.width - width)),
    };
  };
  const [extension] = useState(() =>
    node.configure({
      suggestion: {
        char: '@',
        items: ({ query }) => matchMembers(membersRef.current, query),
        command: ({ editor, range, props: member }) => {
          const chosen = member as { id: string; label: string };
          editor
            .chain()
            .focus()
            .insertContentAt(range, [
              { type: 'mention', attrs: { id: chosen.id, label: chosen.label } },
              { type: 'text', text: ' ' },
            ])
            .run();
        },
        render: () => {
          const show = (suggestion: SuggestionProps<ViewMember>) =>
            setSuggesting((current) => ({
              members: suggestion.items,
              active: Math.min(current?.active ?? 0, Math.max(0, suggestion.items.length - 1)),
              position: placeUnder(suggestion.clientRect?.()),
              choose: (member) => suggestion.command({ id: String(member.id), label: member.name }),
            }));
          return {
            onStart: show,
            onUpdate: show,
            onExit: () => setSuggesting(null),
            onKeyDown: ({ event }: SuggestionKeyDownProps) => {
              const current = suggestingRef.current;
              if (!current || current.members.length === 0) return false;
              const count = current.members.length;
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setSuggesting({ ...current, active: (current.active + step + count) % count });
                return true;
              }
              if (event.key === 'Enter' || event.key === 'Tab') {
                current.choose(current.members[current.active]!);
                return true;
              }
              if (event.key === 'Escape') {
                setSuggesting(null);
                return true;
              }
              return false;
            },
          };
        },
      },
    }),
  );
  return { extension, suggesting };
}

/**
 * The open mention list, if any. The editor keeps the focus while it is open: it names the list
 * and its active option (aria-controls, aria-activedescendant).
 */
export function MentionSuggestions({
  editor,
  suggesting,
}: {
  editor: Editor;
  suggesting: Suggesting | null;
}) {
  const listId = useId();
  const activeMember = suggesting?.members[suggesting.active];
  useEffect(() => {
    // No view before the editor is mounted (and none after it is gone): nothing to name then.
    if (editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (activeMember) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', mentionOptionId(listId, activeMember.id));
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, listId, activeMember]);
  if (!suggesting) return null;
  return (
    <MentionList
      id={listId}
      members={suggesting.members}
      active={suggesting.active}
      position={suggesting.position}
      onChoose={suggesting.choose}
    />
  );
}
