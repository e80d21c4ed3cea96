import { AppError } from '@strata/domain/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { items } from '../../db/schema/items';
import { findAttachments } from '../attachments/attachments.repo';
import { findBoardAttributesCached } from '../items/item-reads';
import { findPublishedView } from '../views/published-view';
import { pageTitles } from './published-site';

/** One file of a published files view: the stored attachment, and the item it is attached to. */
export interface PublishedFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
  itemTitle: string;
}

export interface PublishedFiles {
  teamId: number;
  viewId: string;
  workspaceName: string;
  listName: string;
  locale: string;
  /** In the folder's order of items, then each value's order of files; each file once. */
  files: PublishedFile[];
  /** What the list shows changed: its view, an item or a file of it. */
  signature: string;
}

/**
 * A published files view (docs/files-view.md) by the workspace and view its address names: a
 * files view of that workspace, published, whose owner still sees its folder (findPublishedView);
 * else 404. Its files are those of the attachments values of the folder's live items, read from
 * the attachments themselves (their stored names, types and sizes): nothing else of the items
 * leaves but their titles.
 */
export async function findPublishedFiles(
  ctx: AppContext,
  teamId: number,
  viewId: string,
): Promise<PublishedFiles> {
  const found = await findPublishedView(ctx, viewId, 'files', (settings) => settings.published);
  if (found.view.teamId !== teamId) throw new AppError('NOT_FOUND');
  const attributes = (await findBoardAttributesCached({ ctx, tx: ctx.db }, teamId, found.board.id)).filter(
    (attribute) => attribute.type === 'attachments',
  );
  const rows = await ctx.db
    .select({ id: items.id, values: items.values, updatedAt: items.updatedAt })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.folderId, found.folder.id), isNull(items.deletedAt)))
    .orderBy(asc(items.sortOrder), asc(items.id));
  const placed: { fileId: string; itemId: string }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const attribute of attributes) {
      const data = row.values[attribute.id]?.data;
      if (!Array.isArray(data)) continue;
      for (const entry of data) {
        const id = (entry as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || seen.has(id)) continue;
        seen.add(id);
        placed.push({ fileId: id, itemId: row.id });
      }
    }
  }
  const stored = new Map(
    (await findAttachments(ctx.db, teamId, [...seen])).map((attachment) => [attachment.id, attachment]),
  );
  const withFiles = [...new Set(placed.map((place) => place.itemId))];
  const titles = await pageTitles(ctx, teamId, found.board.id, withFiles);
  const files = placed.flatMap(({ fileId, itemId }): PublishedFile[] => {
    const attachment = stored.get(fileId);
    if (!attachment) return [];
    return [
      {
        id: attachment.id,
        name: attachment.name,
        mimeType: attachment.mimeType,
        size: attachment.size,
        storageKey: attachment.storageKey,
        itemTitle: titles.get(itemId) ?? '',
      },
    ];
  });
  const changedAt = Math.max(found.view.updatedAt.getTime(), ...rows.map((row) => row.updatedAt.getTime()));
  return {
    teamId,
    viewId,
    workspaceName: found.access.team.name,
    listName: found.view.name,
    locale: found.owner.locale,
    files,
    signature: `${changedAt}|${rows.length}|${files.map((file) => file.id).join(',')}|${found.owner.locale}|${found.access.team.name}`,
  };
}
