import { ItemLink, itemLinkId } from '@strata/domain/documents/item-link';
import { NodeSelection } from '@tiptap/pm/state';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { createContext, type MouseEvent, useContext } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { itemPath } from '../../../lib/item-links';
import { useItemTitles } from '../../../lib/items/item-titles';
import styles from './documents.module.css';

/** What links to items and mentions need from the documents view around the editor. */
export interface PageLinks {
  teamId: number;
  /** The title of a page of the open view as it is now; undefined for an item not among them. */
  pageTitle(itemId: string): string | undefined;
  /** The address of a page of the open view. */
  pageHref(itemId: string): string;
  /** Opens a page of the open view. */
  openPage(itemId: string): void;
  /** A member's name as it is now (mentions); undefined for someone no longer on the board. */
  memberName(userId: number): string | undefined;
}

export const PageLinksContext = createContext<PageLinks | null>(null);

/** A plain press of the main button: the others (a new tab, a new window) are the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to an item in a page: the item's title as it is now (a page of the view from the
 * view's items, live; another item through the titles cache), its label when the title cannot be
 * read, and "not available" beside it when the item is gone or hidden from the reader. A page of
 * the view opens in the view; another item opens in its folder's panel.
 */
function ItemLinkChip({ node }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const links = useContext(PageLinksContext);
  const navigate = useNavigate();
  const id = itemLinkId(node.attrs.id);
  const label = String(node.attrs.label ?? '');
  const page = id === null ? undefined : links?.pageTitle(id);
  const titleOf = useItemTitles(links?.teamId, id !== null && page === undefined ? [id] : []);
  const found = id === null || page !== undefined ? undefined : titleOf(id);
  const title = page ?? found?.title ?? label;
  const text = title || t('views.documents.untitled');
  const href =
    id === null || !links
      ? undefined
      : page !== undefined
        ? links.pageHref(id)
        : found
          ? itemPath({ boardId: found.board_id, folderId: found.folder_id, itemId: id })
          : undefined;
  if (href === undefined || id === null)
    return (
      <NodeViewWrapper
        as="span"
        className={`${styles.itemLink} ${styles.itemLinkGone}`}
        dir="auto"
        title={found === null ? t('views.documents.itemLink.unavailable') : undefined}
      >
        {text}
      </NodeViewWrapper>
    );
  const open = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (page !== undefined) links?.openPage(id);
    else void navigate(href);
  };
  return (
    <NodeViewWrapper as="span">
      <a className={styles.itemLink} href={href} dir="auto" onClick={open}>
        {text}
      </a>
    </NodeViewWrapper>
  );
}

/**
 * Links to items as the editor shows them (ItemLinkChip); Enter on a selected link follows it,
 * as a click would.
 */
export const ItemLinkView = ItemLink.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ItemLinkChip);
  },
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== this.name) return false;
        const anchor = (editor.view.nodeDOM(selection.from) as HTMLElement | null)?.querySelector('a');
        if (!anchor) return false;
        anchor.click();
        return true;
      },
    };
  },
});
