import type { HocuspocusProvider } from '@hocuspocus/provider';
import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { MentionSuggestions, useMentions } from '../../comments/use-mentions';
import { RichTextLinkField } from '../cells/rich-text-link-field';
import { RichTextToolbar } from '../cells/rich-text-toolbar';
import { useLinkEditing } from '../cells/use-link-editing';
import type { ViewMember } from '../view-types';
import { CALLOUT_TOOLS } from './callout-tools';
import { type CaretUser, DocumentCarets } from './document-carets';
import { documentExtensions } from './document-extensions';
import styles from './documents.module.css';
import { ItemLinkPicker, itemLinkTool } from './item-link-picker';
import { DocumentMentionView } from './mention-view';
import { PageContents } from './page-contents';
import { usePageFileDrops } from './page-file-drops';
import { PageFilePicker, pageFileTool } from './page-file-picker';
import { TABLE_TOOLS } from './table-tools';
import { type DocumentStatus, useDocumentConnection } from './use-document-connection';

interface DocumentEditorProps {
  teamId: number;
  itemId: string;
  /** The page's title, naming the editor for assistive technology. */
  label: string;
  /** The folder lets this person change nothing: the editor only reads (the server decides too). */
  readOnly: boolean;
  /** The files the page's item holds, offered to the page. */
  files: readonly AttachmentEntry[];
  /** Who can be mentioned: the board's members. */
  members: readonly ViewMember[];
  userId: number;
  user: CaretUser;
}

/**
 * An item's document, co-edited live (docs/documents.md): connected while it is shown, editable
 * once the server has said this person may write, with the others' cursors. Mount it with the
 * item's id as its key: one page, one connection.
 */
export function DocumentEditor(props: DocumentEditorProps) {
  const { t } = useTranslation();
  const connection = useDocumentConnection(props.userId, props.teamId, props.itemId);
  if (connection.status === 'refused')
    return (
      <p className={styles.notice} role="alert">
        {t('views.documents.refused')}
      </p>
    );
  if (!connection.provider) return null;
  return <CollabEditor {...props} provider={connection.provider} status={connection.status} />;
}

function CollabEditor({
  provider,
  status,
  teamId,
  itemId,
  label,
  readOnly,
  files,
  members,
  user,
}: DocumentEditorProps & { provider: HocuspocusProvider; status: DocumentStatus }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { extension: mentions, suggesting } = useMentions(members, box, DocumentMentionView);
  const [extensions] = useState(() => [
    ...documentExtensions(provider.document, mentions),
    DocumentCarets.configure({ provider, user }),
  ]);
  const editable = !readOnly && status !== 'readonly';
  // Files pasted or dropped into the page are uploaded and placed.
  const drops = usePageFileDrops();
  const editor = useEditor({
    extensions,
    editable,
    shouldRerenderOnTransaction: false,
    editorProps: {
      ...drops,
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('views.documents.body', { name: label }),
        dir: 'auto',
      },
    },
  });
  useEffect(() => {
    editor.setEditable(editable);
  }, [editor, editable]);
  const link = useLinkEditing(editor);
  const [picking, setPicking] = useState<'item' | 'file' | null>(null);
  // The document's own tools after the long text's: callouts, a link to an item, an image or a
  // file, then tables.
  const tools = useMemo(
    () => [
      ...CALLOUT_TOOLS,
      itemLinkTool(() => setPicking('item')),
      pageFileTool(() => setPicking('file')),
      ...TABLE_TOOLS,
    ],
    [],
  );

  // Ctrl/Cmd+K edits the link at the selection (the browser's own would open its search).
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    if (event.key.toLowerCase() !== 'k') return;
    event.preventDefault();
    event.stopPropagation();
    link.open();
  };

  return (
    <div ref={box} className={styles.editor} onKeyDownCapture={onKeyDownCapture}>
      {editable && <RichTextToolbar editor={editor} onLink={link.open} extraTools={tools} />}
      {link.draft !== null && (
        <RichTextLinkField
          initial={link.draft}
          isLinked={editor.isActive('link')}
          onApply={link.apply}
          onRemove={link.remove}
          onClose={link.close}
        />
      )}
      {editable && picking === 'file' && (
        <PageFilePicker editor={editor} files={files} onClose={() => setPicking(null)} />
      )}
      {editable && picking === 'item' && (
        <ItemLinkPicker editor={editor} teamId={teamId} itemId={itemId} onClose={() => setPicking(null)} />
      )}
      <PageContents editor={editor} />
      <EditorContent editor={editor} className={styles.frame} />
      <MentionSuggestions editor={editor} suggesting={suggesting} />
      <p className={styles.status} role="status">
        {t(`views.documents.status.${status}`)}
      </p>
    </div>
  );
}
