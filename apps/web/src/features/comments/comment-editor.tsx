import Mention from '@tiptap/extension-mention';
import { EditorContent, useEditor } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { richTextExtensions } from '../views/cells/rich-text-extensions';
import { sanitiseLongTextHtml } from '../views/cells/rich-text-html';
import { RichTextLinkField } from '../views/cells/rich-text-link-field';
import { RichTextToolbar } from '../views/cells/rich-text-toolbar';
import type { ViewMember } from '../views/view-types';
import styles from './comments.module.css';
import { MentionList, mentionOptionId } from './mention-list';
import { matchMembers } from './mention-match';

export interface CommentEditorProps {
  /** Who can be mentioned: the board's members. */
  members: readonly ViewMember[];
  /** The text to edit (an edit), else empty. */
  initialHtml?: string;
  label: string;
  submitLabel: string;
  /** Sends the comment; the editor empties once it is accepted. */
  onSubmit(html: string): unknown;
  onCancel?(): void;
  autoFocus?: boolean;
}

/** What the open mention list shows and where: the members matching what follows "@". */
interface Suggesting {
  members: ViewMember[];
  active: number;
  position: { top: number; left: number } | null;
  choose(member: ViewMember): void;
}

/**
 * The comment editor (TipTap, loaded with the first comment screen): the long-text formatting with
 * @mentions of the board's members, each written as a mention element the server reads. Text
 * direction follows each paragraph's text. Ctrl/Cmd+Enter sends; Escape cancels an edit.
 */
export default function CommentEditor(props: CommentEditorProps) {
  const { t } = useTranslation();
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const suggestingRef = useRef<Suggesting | null>(null);
  suggestingRef.current = suggesting;
  const membersRef = useRef(props.members);
  membersRef.current = props.members;
  const box = useRef<HTMLDivElement>(null);
  // Under the caret, in the editor's own box: the panel around it may be transformed or scrolled.
  const placeUnder = (rect: DOMRect | null | undefined) => {
    const frame = box.current?.getBoundingClientRect();
    if (!rect || !frame) return null;
    const width = Math.min(320, frame.width);
    return {
      top: rect.bottom - frame.top + 4,
      left: Math.max(0, Math.min(rect.left - frame.left, frame.width - width)),
    };
  };
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const [extensions] = useState(() => [
    ...richTextExtensions(),
    Mention.configure({
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
  ]);
  const editor = useEditor({
    extensions,
    content: props.initialHtml ? sanitiseLongTextHtml(props.initialHtml) : '',
    autofocus: props.autoFocus ? 'end' : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: `${styles.editorContent} ${styles.body}`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        // Each paragraph's direction from its own text (an English comment in an Arabic page).
        dir: 'auto',
      },
    },
  });

  // The editor keeps the focus while the list is open: it names the list and its active option.
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

  const send = async () => {
    if (isSending) return;
    const html = editor.getHTML().replace(/(<p><\/p>)+$/, '');
    const isEmpty = editor.getText().trim() === '' && !html.includes('data-type="mention"');
    if (isEmpty) return;
    setIsSending(true);
    try {
      await props.onSubmit(sanitiseLongTextHtml(html));
      if (!props.initialHtml) editor.commands.clearContent(true);
    } finally {
      setIsSending(false);
    }
  };
  const openLink = () => setLinkDraft((editor.getAttributes('link').href as string | undefined) ?? '');
  const closeLink = () => {
    setLinkDraft(null);
    editor.commands.focus();
  };

  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (suggesting) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      void send();
    } else if (event.key === 'Escape' && props.onCancel && linkDraft === null) {
      event.preventDefault();
      event.stopPropagation();
      props.onCancel();
    }
  };

  return (
    <div ref={box} className={styles.editor} onKeyDownCapture={handleKeyDownCapture}>
      <RichTextToolbar editor={editor} onLink={openLink} />
      {linkDraft !== null && (
        <RichTextLinkField
          initial={linkDraft}
          isLinked={editor.isActive('link')}
          onApply={(href) => {
            editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
            setLinkDraft(null);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setLinkDraft(null);
          }}
          onClose={closeLink}
        />
      )}
      <EditorContent editor={editor} className={styles.editorFrame} />
      {suggesting && (
        <MentionList
          id={listId}
          members={suggesting.members}
          active={suggesting.active}
          position={suggesting.position}
          onChoose={suggesting.choose}
        />
      )}
      <div className={styles.editorActions}>
        {props.onCancel && (
          <button type="button" className={styles.plainButton} onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button
          type="button"
          className={`${styles.plainButton} ${styles.primaryButton}`}
          onClick={() => void send()}
          disabled={isSending}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {props.submitLabel}
        </button>
      </div>
    </div>
  );
}
