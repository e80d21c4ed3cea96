import { DOCUMENT_FRAGMENT, documentSchema } from '@strata/domain/documents/document-schema';
import Collaboration from '@tiptap/extension-collaboration';
import type { AnyExtension, Extensions } from '@tiptap/react';
import type * as Y from 'yjs';
import { isAllowedLinkHref } from '../cells/rich-text-html';
import { ItemLinkView } from './item-link-view';
import { PageFileView } from './page-file-view';

/**
 * A page's editor: the document schema, its links held to the long text's rule, links to items
 * drawn with their titles now, images shown in place, `mention` the members' mentions with their
 * list, bound to the Yjs document.
 */
export function documentExtensions(document: Y.Doc, mention: AnyExtension): Extensions {
  return [
    ...documentSchema({
      isAllowedUri: isAllowedLinkHref,
      itemLink: ItemLinkView,
      pageFile: PageFileView,
      mention,
    }),
    Collaboration.configure({ document, field: DOCUMENT_FRAGMENT }),
  ];
}
