import type { Attribute, Item } from '@strata/contracts/items';
import type { FolderView } from '@strata/contracts/views';
import { compareOwnOrder } from '@strata/domain/views/ordering';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore, RecordTransport } from '@strata/sync/records/record-types';
import { applyPush, createOncePerPayload, type RecordPush, readPush } from '../boards/record-push';
import { onSync } from '../connection';
import { createHttpTransport } from '../records/http-transport';
import { openRecordStoresNamed, recordStore } from '../records/stores';
import { catchUpTeamOnLoad } from '../records/team-catch-up';
import { viewsStoreName } from '../views/views-store';

/**
 * The routes of `itemPaths` (contracts/items.ts), written out so that the first load does not
 * bring zod's schemas.
 */
const paths = {
  boardAttributes: (teamId: number, boardId: string) =>
    `/api/${teamId}/boards/${encodeURIComponent(boardId)}/attributes`,
  attribute: (teamId: number, id: string) => `/api/${teamId}/attributes/${encodeURIComponent(id)}`,
  folderItems: (teamId: number, folderId: string) =>
    `/api/${teamId}/folders/${encodeURIComponent(folderId)}/items`,
  item: (teamId: number, id: string) => `/api/${teamId}/items/${encodeURIComponent(id)}`,
};

const attributesName = (userId: number, teamId: number, boardId: string) =>
  `u${userId}:t${teamId}:b${boardId}:attributes`;
const itemsName = (userId: number, teamId: number, boardId: string, folderId: string) =>
  `u${userId}:t${teamId}:b${boardId}:f${folderId}:items`;

/**
 * Saves of one record go one after the other: each carries the row_version the one before it
 * made (compare-and-set), so a second edit of a cell must not overtake the first on the wire.
 */
export function oneAtATimePerRecord<T extends SyncedRecord>(
  transport: RecordTransport<T>,
): RecordTransport<T> {
  const tails = new Map<string | number, Promise<unknown>>();
  return {
    ...transport,
    put(record) {
      const before = tails.get(record.id) ?? Promise.resolve();
      const sent = before.catch(() => undefined).then(() => transport.put(record));
      tails.set(record.id, sent);
      void sent
        .finally(() => {
          if (tails.get(record.id) === sent) tails.delete(record.id);
        })
        .catch(() => undefined);
      return sent;
    },
  };
}

/**
 * The attributes each item's saves have touched in this tab. A save sends only those values (the
 * server upserts the values sent, and refuses values of computed types), so an item's save never
 * writes back a value the user did not edit.
 */
const touched = new Map<string, Set<string>>();

export function touchValue(itemId: string, attributeId: string): void {
  const set = touched.get(itemId);
  if (set) set.add(attributeId);
  else touched.set(itemId, new Set([attributeId]));
}

export function itemSaveBody(item: Item): unknown {
  const ids = touched.get(item.id) ?? new Set<string>();
  const values: Record<string, { id?: string; data: unknown } | null> = {};
  for (const id of ids) {
    const value = item.values[id];
    values[id] = value && value.data !== null ? { id: value.id, data: value.data } : null;
  }
  return {
    folder_id: item.folder_id,
    parent_id: item.parent_id,
    sort_order: item.sort_order,
    values,
    row_version: item.row_version,
  };
}

/** A board's attributes (typed columns), as a record store kept on this device. */
export function attributesStore(userId: number, teamId: number, boardId: string): RecordStore<Attribute> {
  return recordStore<Attribute>({
    name: attributesName(userId, teamId, boardId),
    indexPath: paths.boardAttributes(teamId, boardId),
    catchUp: () => catchUpTeamOnLoad(userId, teamId),
    transport: oneAtATimePerRecord(
      createHttpTransport<Attribute>({
        recordPath: (attribute) => paths.attribute(teamId, attribute.id),
        body: (attribute) => ({
          board_id: attribute.board_id,
          name: attribute.name,
          type: attribute.type,
          settings: attribute.settings,
          default_data: attribute.default_data,
          sort_order: attribute.sort_order,
          row_version: attribute.row_version,
        }),
        queue: true,
      }),
    ),
  });
}

/**
 * Top-level items asked for first when a folder opens with nothing kept on this device: more than
 * a tall screen of rows, and enough for each column's first cards in most boards.
 */
const FIRST_PAGE_ITEMS = 100;

/** A folder's first top-level items in its own order, as the first page brings them. */
export function firstItems(items: readonly Item[]): Item[] {
  return items
    .filter((item) => item.parent_id === null)
    .sort(compareOwnOrder)
    .slice(0, FIRST_PAGE_ITEMS);
}

/** A folder's items (subitems included), as a record store kept on this device. */
export function itemsStore(
  userId: number,
  teamId: number,
  boardId: string,
  folderId: string,
): RecordStore<Item> {
  return recordStore<Item>({
    name: itemsName(userId, teamId, boardId, folderId),
    indexPath: paths.folderItems(teamId, folderId),
    catchUp: () => catchUpTeamOnLoad(userId, teamId),
    // A large folder's first rows show while the whole of it loads.
    firstPagePath: `${paths.folderItems(teamId, folderId)}?limit=${FIRST_PAGE_ITEMS}`,
    // And on a later visit the same first rows, kept beside the whole copy, show before it is read.
    keptHead: firstItems,
    transport: oneAtATimePerRecord(
      createHttpTransport<Item>({
        recordPath: (item) => paths.item(teamId, item.id),
        body: itemSaveBody,
        queue: true,
      }),
    ),
  });
}

/** The collections a board's channel feeds: its attributes, its folders' items and views. */
const isBoardCollection = (name: string) =>
  name.endsWith(':attributes') || name.endsWith(':items') || name.endsWith(':views');

/** The open stores of one board, by name. */
function boardStores(userId: number, teamId: number, boardId: string) {
  return openRecordStoresNamed(`u${userId}:t${teamId}:b${boardId}:`).filter(({ name }) =>
    isBoardCollection(name),
  );
}

const isFirstDelivery = createOncePerPayload();

/**
 * One event of a board's channel (`private-team.{id}.board.{boardId}`), applied to the stores of
 * that board open in this tab. An item's copy goes to its folder's store, and leaves the store of
 * a folder it moved out of. Value events are covered by the item event of the same write.
 */
export function applyBoardChannelEvent(
  userId: number,
  teamId: number,
  boardId: string,
  payload: unknown,
): void {
  if (!isFirstDelivery(payload)) return;
  const push = readPush<Attribute | Item | FolderView>(payload);
  if (!push) return;
  const stores = boardStores(userId, teamId, boardId);
  if (push.type.startsWith('attribute.')) {
    const found = stores.find(({ name }) => name === attributesName(userId, teamId, boardId));
    if (found) applyPush(found.store as RecordStore<Attribute>, push as RecordPush<Attribute>);
    return;
  }
  if (push.type.startsWith('view.')) {
    applyViewPush(stores, push as RecordPush<FolderView>, (folderId) =>
      viewsStoreName(userId, teamId, boardId, folderId),
    );
    return;
  }
  if (push.type === 'comment.created' || push.type === 'comment.deleted') {
    applyCommentCount(stores, payload);
    return;
  }
  if (!push.type.startsWith('item.')) return;
  const itemPush = push as RecordPush<Item>;
  for (const { name, store } of stores) {
    if (!name.endsWith(':items')) continue;
    const items = store as unknown as RecordStore<Item>;
    const home = itemPush.data && name === itemsName(userId, teamId, boardId, itemPush.data.folder_id);
    if (home || !itemPush.data) applyPush(items, itemPush);
    else if (items.find(itemPush.id)) items.forget([itemPush.id]);
  }
}

/**
 * A comment written or deleted: its item's copy takes the count the event carries, at the same
 * row_version (a server-owned field, as a delta-sync list would bring it: merge keeps an equal
 * row_version's remote copy). Events without data (a private folder's) carry no count: the
 * folder's next load brings it.
 */
function applyCommentCount(stores: { name: string; store: RecordStore<SyncedRecord> }[], payload: unknown) {
  const event = payload as { data?: { item_id?: unknown }; item_comments_count?: unknown };
  const itemId = event.data?.item_id;
  const count = event.item_comments_count;
  if (typeof itemId !== 'string' || typeof count !== 'number') return;
  for (const { name, store } of stores) {
    if (!name.endsWith(':items')) continue;
    const items = store as unknown as RecordStore<Item>;
    const item = items.find(itemId);
    if (item && item.comments_count !== count) items.merge([{ ...item, comments_count: count }]);
  }
}

/**
 * A view's push goes to its folder's views store. One without data (a personal view's: everyone
 * on the board hears it) reloads the board's open views stores, each answering what its user sees.
 */
function applyViewPush(
  stores: { name: string; store: RecordStore<SyncedRecord> }[],
  push: RecordPush<FolderView>,
  nameOf: (folderId: string) => string,
): void {
  for (const { name, store } of stores) {
    if (!name.endsWith(':views')) continue;
    const views = store as unknown as RecordStore<FolderView>;
    if (!push.data || name === nameOf(push.data.folder_id)) applyPush(views, push);
  }
}

// Back from offline, the stores reload with everything else.
onSync(() =>
  Promise.allSettled(
    openRecordStoresNamed('u')
      .filter(({ name }) => isBoardCollection(name))
      .map(({ store }) => store)
      .filter((store) => store.isInitialized())
      .map((store) => store.refresh()),
  ),
);
