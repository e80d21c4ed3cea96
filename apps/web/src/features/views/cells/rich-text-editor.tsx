import * as Popover from '@radix-ui/react-popover';
import { plainTextToHtml } from '@strata/domain/attributes/html-text';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CellEditProps } from '../view-types';
import cellStyles from './cells.module.css';
import { EditorMessage } from './editor-shell';
import styles from './rich-text.module.css';
import { richTextExtensions } from './rich-text-extensions';
import { sanitiseLongTextHtml } from './rich-text-html';
import { RichTextLinkField } from './rich-text-link-field';
import { RichTextToolbar } from './rich-text-toolbar';
import { useLinkEditing } from './use-link-editing';
import { useValidatedCommit } from './use-validated-commit';

export interface LongTextEditorProps extends CellEditProps {
  /** What stays visible in the cell while the editor is open. */
  anchor: ReactNode;
}

/** The document the editor opens with: the typed character that started the edit, else the value. */
function initialHtml({ data, initialText }: CellEditProps): string {
  if (initialText !== undefined) return plainTextToHtml(initialText);
  return typeof data === 'string' ? sanitiseLongTextHtml(data) : '';
}

/**
 * The long-text editor (TipTap), loaded on first use: a popover over the cell with the formatting
 * toolbar. Ctrl/Cmd+Enter or Save commits the HTML (validated; an empty document is null), Escape
 * or Cancel leaves without a change (Escape in the link field only closes the field), Ctrl/Cmd+K
 * edits the link at the selection.
 */
export function LongTextEditor({ anchor, ...props }: LongTextEditorProps) {
  const { t } = useTranslation();
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const [extensions] = useState(richTextExtensions);
  const [content] = useState(() => initialHtml(props));
  const editor = useEditor({
    extensions,
    content,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.attribute.name,
      },
    },
  });

  const save = () => {
    const isEmpty = editor.getText().trim() === '';
    // The editor keeps an empty paragraph after a closing list, quote or heading to type into.
    const html = editor.getHTML().replace(/(<p><\/p>)+$/, '');
    commit(isEmpty ? null : sanitiseLongTextHtml(html));
  };
  const link = useLinkEditing(editor);

  // Capture: ProseMirror binds Mod-Enter to a line break, and the browser Ctrl+K to its search.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      save();
    } else if (event.key.toLowerCase() === 'k' && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      link.open();
    }
  };

  return (
    <Popover.Root open onOpenChange={(open) => !open && props.onCancel()}>
      <Popover.Anchor asChild>
        <div className={cellStyles.editor}>{anchor}</div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          aria-label={props.attribute.name}
          role="dialog"
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            editor.commands.focus('end');
          }}
          onEscapeKeyDown={(event) => {
            if (link.draft === null) return;
            event.preventDefault();
            link.close();
          }}
          onKeyDownCapture={handleKeyDownCapture}
        >
          <RichTextToolbar editor={editor} onLink={link.open} />
          {link.draft !== null && (
            <RichTextLinkField
              initial={link.draft}
              isLinked={editor.isActive('link')}
              onApply={link.apply}
              onRemove={link.remove}
              onClose={link.close}
            />
          )}
          <EditorContent editor={editor} className={styles.frame} />
          <EditorMessage error={error} />
          <div className={cellStyles.actions}>
            <button type="button" className={cellStyles.plainButton} onClick={props.onCancel}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={`${cellStyles.plainButton} ${cellStyles.primaryButton}`}
              onClick={save}
            >
              {t('common.save')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
