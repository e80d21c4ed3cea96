import type { EditorView } from '@tiptap/pm/view';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toasts } from '../../../ui/toast-store';
import { type AttachmentTarget, uploadAttachment, useAttachmentTarget } from '../cells/attachment-transfer';
import { uploadFailureText } from '../cells/use-uploads';
import { pageFileOf } from './page-file-picker';

/** The files of a paste or a drop, or none when it carries text or markup only. */
function filesOf(data: DataTransfer | null): File[] {
  return Array.from(data?.files ?? []);
}

/**
 * Files pasted into a page or dropped on it (docs/documents.md, "Images and files"): uploaded
 * one after the other into the board's files and each put where it was dropped (or at the
 * cursor for a paste), as the toolbar's picker puts them. `report` tells of an upload refused
 * (the size limit, offline); the others already placed stay. Without a board (nothing to upload
 * to) the browser's own handling goes on.
 */
function pageFileDrops(target: () => AttachmentTarget | null, report: (caught: unknown) => void) {
  const place = async (view: EditorView, files: File[], at: number | null) => {
    const board = target();
    if (!board) return;
    let position = at;
    for (const file of files) {
      let attributes: ReturnType<typeof pageFileOf>;
      try {
        attributes = pageFileOf(await uploadAttachment(board, file));
      } catch (caught) {
        report(caught);
        return;
      }
      if (view.isDestroyed) return;
      const node = view.state.schema.nodes.pageFile!.create(attributes);
      const { tr } = view.state;
      if (position === null) tr.replaceSelectionWith(node);
      else {
        const at = Math.min(position, tr.doc.content.size);
        tr.insert(at, node);
        // The next file goes after this one.
        position = tr.mapping.map(at, 1);
      }
      view.dispatch(tr);
    }
  };
  const takes = (files: File[]) => files.length > 0 && target() !== null;
  return {
    handlePaste(view: EditorView, event: ClipboardEvent): boolean {
      const files = filesOf(event.clipboardData);
      if (!takes(files)) return false;
      event.preventDefault();
      void place(view, files, null);
      return true;
    },
    handleDrop(view: EditorView, event: DragEvent, _slice: unknown, moved: boolean): boolean {
      const files = filesOf(event.dataTransfer);
      // A block moved within the page is ProseMirror's.
      if (moved || !takes(files)) return false;
      event.preventDefault();
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
      void place(view, files, at ? at.pos : null);
      return true;
    },
  };
}

/**
 * The editor props that take files pasted into a page or dropped on it (pageFileDrops): the
 * board and the words are those of the moment the files come; a refusal is told in a toast.
 */
export function usePageFileDrops() {
  const { t } = useTranslation();
  const target = useAttachmentTarget();
  const current = useRef({ target, t });
  current.current = { target, t };
  const [drops] = useState(() =>
    pageFileDrops(
      () => current.current.target,
      (caught) => toasts.show(uploadFailureText(caught, current.current.t), { tone: 'error' }),
    ),
  );
  return drops;
}
