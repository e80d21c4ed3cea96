import type { Editor } from '@tiptap/react';
import { useState } from 'react';

/**
 * The link field of a rich-text editor: open it on the link at the selection (or empty), apply a
 * link (over the selection, or as its own text where nothing is selected), remove it, close it.
 * `draft` is the field's starting text while it is open, null when closed.
 */
export function useLinkEditing(editor: Editor) {
  const [draft, setDraft] = useState<string | null>(null);
  const open = () => setDraft((editor.getAttributes('link').href as string | undefined) ?? '');
  const close = () => {
    setDraft(null);
    editor.commands.focus();
  };
  const apply = (href: string) => {
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      const text = href.replace(/^mailto:/i, '');
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setDraft(null);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setDraft(null);
  };
  return { draft, open, close, apply, remove };
}
