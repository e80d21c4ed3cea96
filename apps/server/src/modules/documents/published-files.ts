import { AppError } from '@strata/domain/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { items } from '../../db/schema/items';
import { teams } from '../../db/schema/teams';
import { findAttachments } from '../attachments/attachments.repo';
import { findBoardAttributesCached } from '../items/item-reads';
import { findPublishedView } from '../views/published-view';
import { pageTitles, workspaceLogoOf } from './published-site';

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
  /** The workspace's photo (its public address on this server), or null. */
  workspaceLogo: string | null;
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
  // The list changes only with a change of the workspace's records (an item, a value, an
  // attribute: each moves its change sequence) or of the view, its owner's language or the
  // workspace's name. The view's standing was judged afresh above.
  const [team] = await ctx.db.select({ seq: teams.changeSeq }).from(teams).where(eq(teams.id, teamId));
  const key = `${team?.seq}|${found.view.updatedAt.getTime()}|${found.owner.locale}|${found.access.team.name}|${found.access.team.photoPath}`;
  const lists = keptLists(ctx);
  const kept = lists.get(viewId);
  if (kept?.key === key) return kept.list;
  const list = await readPublishedFiles(ctx, found);
  lists.delete(viewId);
  lists.set(viewId, { key, list });
  if (lists.size > KEPT_LISTS_MAX) lists.delete(lists.keys().next().value!);
  return list;
}

/** Lists kept per app (a test process runs several), the oldest dropped beyond KEPT_LISTS_MAX. */
const kept = new WeakMap<AppContext, Map<string, { key: string; list: PublishedFiles }>>();
const KEPT_LISTS_MAX = 200;

function keptLists(ctx: AppContext) {
  let lists = kept.get(ctx);
  if (!lists) {
    lists = new Map();
    kept.set(ctx, lists);
  }
  return lists;
}

/** The files of a published files view, read from its folder's items and their attachments. */
async function readPublishedFiles(
  ctx: AppContext,
  found: Awaited<ReturnType<typeof findPublishedView>>,
): Promise<PublishedFiles> {
  const teamId = found.access.team.id;
  const viewId = found.view.id;
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
    workspaceLogo: workspaceLogoOf(found.access.team),
    listName: found.view.name,
    locale: found.owner.locale,
    files,
    signature: `${changedAt}|${rows.length}|${files.map((file) => file.id).join(',')}|${found.owner.locale}|${found.access.team.name}|${found.access.team.photoPath}`,
  };
}
