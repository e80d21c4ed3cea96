import Mention from '@tiptap/extension-mention';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { useContext } from 'react';
// The comments' mention style: loaded with the mention list this editor shares with them.
import commentStyles from '../../comments/comments.module.css';
import { PageLinksContext } from './item-link-view';

/** A mention in a page: the member's name as it is now (as comments show it), else the name written. */
function MentionChip({ node }: ReactNodeViewProps) {
  const links = useContext(PageLinksContext);
  const id = Number(node.attrs.id);
  const name = (Number.isInteger(id) ? links?.memberName(id) : undefined) ?? String(node.attrs.label ?? '');
  return (
    <NodeViewWrapper
      as="span"
      className={commentStyles.mention}
      data-type="mention"
      data-label={name}
      dir="auto"
    >
      @{name}
    </NodeViewWrapper>
  );
}

/** The mention extension of a page's editor: drawn by MentionChip (configured by useMentions). */
export const DocumentMentionView = Mention.extend({
  addNodeView() {
    return ReactNodeViewRenderer(MentionChip);
  },
});
