import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { richTextExtensions } from '../views/cells/rich-text-extensions';
import { sanitiseLongTextHtml } from '../views/cells/rich-text-html';
import { RichTextLinkField } from '../views/cells/rich-text-link-field';
import { RichTextToolbar } from '../views/cells/rich-text-toolbar';
import type { ViewMember } from '../views/view-types';
import styles from './comments.module.css';
import { MentionSuggestions, useMentions } from './use-mentions';

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

/**
 * The comment editor (TipTap, loaded with the first comment screen): the long-text formatting with
 * @mentions of the board's members, each written as a mention element the server reads. Text
 * direction follows each paragraph's text. Ctrl/Cmd+Enter sends; Escape cancels an edit.
 */
export default function CommentEditor(props: CommentEditorProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { extension: mentions, suggesting } = useMentions(props.members, box);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const [extensions] = useState(() => [...richTextExtensions(), mentions]);
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
      <MentionSuggestions editor={editor} suggesting={suggesting} />
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
