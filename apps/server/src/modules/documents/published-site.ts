import { isNameAttribute } from '@strata/domain/attributes/attribute-definition';
import { type PublishedKind, pageSlug } from '@strata/domain/documents/page-slug';
import { AppError } from '@strata/domain/errors';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { itemDocuments } from '../../db/schema/item-documents';
import { items } from '../../db/schema/items';
import { findBoardAttributesCached } from '../items/item-reads';
import { findPublishedView } from '../views/published-view';

/** A page of a published site: an item of the folder, its title and its document's snapshot. */
export interface PublishedPage {
  id: string;
  parentId: string | null;
  title: string;
  slug: string;
  /** The later of the item's last change and its document's. */
  updatedAt: Date;
}

/** A page's document as stored: sanitised on write (document-html.ts); empty before its first save. */
export interface PageDocument {
  html: string;
  text: string;
}

export interface PublishedSite {
  /** `e` the whole site; `i` pages shared alone (then `pages` holds only those). */
  kind: PublishedKind;
  teamId: number;
  viewId: string;
  /** The board of the view's folder: a page shows only files of it. */
  boardId: string;
  workspaceName: string;
  /** The workspace's photo (its public address on this server), or null. */
  workspaceLogo: string | null;
  siteName: string;
  /** The language of whoever published it. */
  locale: string;
  /** The view as it was read: a change of it (its name, unpublishing) is a new row. */
  viewUpdatedAt: Date;
  /** In the folder's order; subitems carry their parent's id. */
  pages: PublishedPage[];
}

/** A workspace's photo as published pages show it: its public address on this server, or null. */
export const workspaceLogoOf = (team: { photoPath: string | null }) =>
  team.photoPath ? `/api/files/${team.photoPath}` : null;

/** The board's attribute that names its items (the pages' titles). */
async function nameAttributeOf(ctx: AppContext, teamId: number, boardId: string) {
  const attributes = await findBoardAttributesCached({ ctx, tx: ctx.db }, teamId, boardId);
  return (
    attributes.find((attribute) => isNameAttribute(attribute as Parameters<typeof isNameAttribute>[0])) ??
    attributes.find((attribute) => attribute.type === 'text')
  );
}

/** The titles of these live items of one board, by id (the shared-links screen's pages). */
export async function pageTitles(
  ctx: AppContext,
  teamId: number,
  boardId: string,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const name = await nameAttributeOf(ctx, teamId, boardId);
  const rows = await ctx.db
    .select({ id: items.id, values: items.values })
    .from(items)
    .where(
      and(
        eq(items.teamId, teamId),
        eq(items.boardId, boardId),
        inArray(items.id, [...itemIds]),
        isNull(items.deletedAt),
      ),
    );
  return new Map(
    rows.map((row) => {
      const data = name ? row.values[name.id]?.data : undefined;
      return [row.id, typeof data === 'string' ? data.trim() : ''];
    }),
  );
}

/**
 * A published documents view (docs/documents.md) by the workspace and view its address names:
 * the view must be of that workspace, a documents view, published (for `e`) or with pages shared
 * alone (for `i`), and its owner must still see its folder (findPublishedView); else 404, the
 * same answer as an address that never existed. Pages show only their titles and documents: no
 * other value of the items leaves; under `i`, only the pages shared alone are there at all.
 */
export async function findPublishedSite(
  ctx: AppContext,
  teamId: number,
  viewId: string,
  kind: PublishedKind = 'e',
): Promise<PublishedSite> {
  const found = await findPublishedView(ctx, viewId, 'documents', (settings) =>
    kind === 'e' ? settings.published : settings.shared_pages.length > 0,
  );
  const sharedAlone = new Set(found.settings.shared_pages);
  if (found.view.teamId !== teamId) throw new AppError('NOT_FOUND');
  const name = await nameAttributeOf(ctx, teamId, found.board.id);
  const rows = (
    await ctx.db
      .select({ id: items.id, parentId: items.parentId, values: items.values, updatedAt: items.updatedAt })
      .from(items)
      .where(and(eq(items.teamId, teamId), eq(items.folderId, found.folder.id), isNull(items.deletedAt)))
      .orderBy(asc(items.sortOrder), asc(items.id))
  ).filter((row) => kind === 'e' || sharedAlone.has(row.id));
  // Only when the documents changed: their HTML is read for the one page shown (readPageDocument).
  const changed =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ itemId: itemDocuments.itemId, updatedAt: itemDocuments.updatedAt })
          .from(itemDocuments)
          .where(
            and(
              eq(itemDocuments.teamId, teamId),
              inArray(
                itemDocuments.itemId,
                rows.map((row) => row.id),
              ),
            ),
          );
  const documentTimes = new Map(changed.map((document) => [document.itemId, document.updatedAt]));
  const pages = rows.map((row): PublishedPage => {
    const data = name ? row.values[name.id]?.data : undefined;
    const title = typeof data === 'string' ? data.trim() : '';
    const documentAt = documentTimes.get(row.id);
    return {
      id: row.id,
      parentId: row.parentId,
      title,
      slug: pageSlug(title, row.id),
      updatedAt: documentAt && documentAt > row.updatedAt ? documentAt : row.updatedAt,
    };
  });
  return {
    kind,
    teamId,
    viewId,
    boardId: found.board.id,
    workspaceName: found.access.team.name,
    workspaceLogo: workspaceLogoOf(found.access.team),
    siteName: found.view.name,
    locale: found.owner.locale,
    viewUpdatedAt: found.view.updatedAt,
    pages,
  };
}

/** The stored document of one page of a published site. */
export async function readPageDocument(
  ctx: AppContext,
  teamId: number,
  itemId: string,
): Promise<PageDocument> {
  const [row] = await ctx.db
    .select({ html: itemDocuments.html, text: itemDocuments.text })
    .from(itemDocuments)
    .where(and(eq(itemDocuments.teamId, teamId), eq(itemDocuments.itemId, itemId)))
    .limit(1);
  return row ?? { html: '', text: '' };
}
