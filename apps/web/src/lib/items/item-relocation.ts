import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { openRecordStoresNamed } from '../records/stores';

// How an item moves between the stores of two folders of a board (bulk move and its undo): the
// server moves an item's subitems with it, so the client moves their copies too.

/** Every subitem (at any depth) of the items `ids` among `items`. */
export function descendantsOf(items: readonly Item[], ids: readonly string[]): Item[] {
  const children = new Map<string, Item[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    children.set(item.parent_id, [...(children.get(item.parent_id) ?? []), item]);
  }
  const found: Item[] = [];
  const seen = new Set(ids);
  const queue = [...ids];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      found.push(child);
      queue.push(child.id);
    }
  }
  return found;
}

/**
 * The open store of another folder of the same board as `store`, if this tab made one (a folder
 * page seen since the tab opened). Relies on the store names of items-store.ts
 * (`u{user}:t{team}:b{board}:f{folder}:items`).
 */
export function findSiblingItemsStore(
  store: RecordStore<Item>,
  folderId: string,
): RecordStore<Item> | undefined {
  const own = openRecordStoresNamed('u').find((entry) => entry.store === (store as unknown));
  const match = own && /^(.*:)f[^:]+:items$/.exec(own.name);
  if (!match) return undefined;
  const name = `${match[1]}f${folderId}:items`;
  const found = openRecordStoresNamed(name).find((entry) => entry.name === name);
  return found?.store as unknown as RecordStore<Item> | undefined;
}

export interface Relocation {
  /** The store that holds the item now (it leaves it at once); absent when not open. */
  from: RecordStore<Item> | undefined;
  /** The store of the folder it goes to (it shows there at once); absent when not open. */
  to: RecordStore<Item> | undefined;
  /** The store whose transport sends the save: saves of one record go one at a time per store. */
  via: RecordStore<Item>;
  item: Item;
  sortOrder: string | null;
  /** Its subitems (at any depth): the server moves them along, raising their row_version by one. */
  subitems: readonly Item[];
  folderId: string;
}

/** The relocation of each item that is the latest: an earlier one settling late leaves the stores alone. */
const latestRelocation = new Map<string, object>();

/** The server's copy a 409 carries (where the item really is), if any. */
function conflictCopy(error: unknown): Item | undefined {
  const failure = error as { status?: unknown; data?: { current?: Item } } | null;
  return failure?.status === 409 ? failure.data?.current : undefined;
}

/**
 * Moves one top-level item with its subitems to another folder: it leaves `from` and shows in `to`
 * at once. If the server refuses, it goes back to `from`, or, with a 409, to the store of the
 * folder the server's copy names.
 */
export async function relocate({
  from,
  to,
  via,
  item,
  sortOrder,
  subitems,
  folderId,
}: Relocation): Promise<Item> {
  const token = {};
  latestRelocation.set(item.id, token);
  const saving = via.save({ ...item, folder_id: folderId, sort_order: sortOrder });
  const attempt = via.find(item.id);
  const shifted = subitems.map((sub) => ({ ...sub, folder_id: folderId, row_version: sub.row_version + 1 }));
  const ids = [item.id, ...subitems.map((sub) => sub.id)];
  from?.forget(ids);
  if (to && to !== via && attempt) to.merge([attempt]);
  to?.merge(shifted);
  const isLatest = () => latestRelocation.get(item.id) === token;
  try {
    const saved = await saving;
    if (isLatest()) {
      // A reload of the old folder answered before the move landed may have brought it back.
      from?.forget(ids);
      to?.merge([saved]);
    }
    return saved;
  } catch (error) {
    if (isLatest()) {
      const current = conflictCopy(error);
      // Where the item is now: the server's copy says so; without one, where it was.
      const home = current ? current.folder_id : item.folder_id;
      if (to && home !== folderId) {
        const gone = shifted.filter((sub) => to.find(sub.id) === sub).map((sub) => sub.id);
        if (current || to.find(item.id) === attempt) gone.push(item.id);
        to.forget(gone);
      } else if (to && current) to.merge([current]);
      if (from && home === item.folder_id) from.merge([current ?? item, ...subitems]);
      else from?.forget([item.id]);
    }
    throw error;
  } finally {
    if (isLatest()) latestRelocation.delete(item.id);
  }
}
