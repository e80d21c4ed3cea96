import { htmlToPlainText } from '@strata/domain/attributes/html-text';
import { DOCUMENT_FRAGMENT, documentSchema } from '@strata/domain/documents/document-schema';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import { yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { sanitiseHtml } from '../../lib/html-sanitise';

const extensions = documentSchema();

/** What a stored document reads as elsewhere: its HTML, sanitised, and that HTML's text. */
export interface DocumentSnapshot {
  html: string;
  text: string;
}

/**
 * The document's HTML as the editor's schema renders it, sanitised by the rich-text allow-list
 * (a client may have written anything into its Yjs document), and its text for search. A body
 * the schema cannot render (nodes it does not know) reads as empty rather than failing the save.
 */
export function documentSnapshot(document: Y.Doc): DocumentSnapshot {
  let html = '';
  try {
    const content = yXmlFragmentToProsemirrorJSON(document.getXmlFragment(DOCUMENT_FRAGMENT));
    html = sanitiseHtml(renderToHTMLString({ extensions, content }));
  } catch {
    html = '';
  }
  return { html, text: htmlToPlainText(html).replace(/\s+/g, ' ').trim() };
}
