import type { Attribute, Item } from '@strata/contracts/items';
import { compareOwnOrder, keyBetween, keysBetween } from '@strata/domain/views/ordering';
import { isDeepEqual } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { descendantsOf, relocate } from './item-relocation';
import { touchValue } from './items-store';
import { restoreItems, undoStack } from './undo';

/** Options of the writes that the user can undo. */
export interface WriteOptions {
  /** The write is an undo's own: it records no undo step of its own. */
  isUndo?: boolean;
}

const lastKey = (items: readonly Item[], parentId: string | null) => {
  let last: string | null = null;
  for (const item of items) {
    if ((item.parent_id ?? null) !== parentId || item.sort_order === null) continue;
    if (last === null || item.sort_order > last) last = item.sort_order;
  }
  return last;
};

/** Waits for every write, then fails with the first failure: one refusal does not hide the rest. */
async function allOrFirstFailure<T>(writes: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(writes);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/**
 * Adds an item (or a subitem) at the end of its folder, named through the board's name attribute.
 * It shows at once; offline it waits in the queue. Undo deletes it.
 */
export function createItem(
  store: RecordStore<Item>,
  fields: {
    teamId: number;
    boardId: string;
    folderId: string;
    parentId?: string | null;
    nameAttributeId: string | undefined;
    name: string;
    values?: Record<string, unknown>;
  },
  options: WriteOptions = {},
): Promise<Item> {
  const now = new Date().toISOString();
  const parentId = fields.parentId ?? null;
  const values: Item['values'] = {};
  const data: Record<string, unknown> = { ...fields.values };
  if (fields.nameAttributeId && fields.name.trim() !== '') data[fields.nameAttributeId] = fields.name.trim();
  const item = store.create({
    id: crypto.randomUUID(),
    object: 'item',
    comments_count: 0,
    team_id: fields.teamId,
    board_id: fields.boardId,
    folder_id: fields.folderId,
    parent_id: parentId,
    sort_order: keyBetween(lastKey(store.getSnapshot(), parentId), null),
    values,
    created_by: null,
    updated_at: now,
    deleted: false,
  });
  for (const [attributeId, value] of Object.entries(data)) {
    values[attributeId] = { id: crypto.randomUUID(), attribute_id: attributeId, data: value };
    touchValue(item.id, attributeId);
  }
  const saving = store.save({ ...item, values });
  if (!options.isUndo) {
    undoStack.push({
      kind: 'create',
      count: 1,
      isShownAtOnce: false,
      async revert() {
        // A delete is not ordered behind a save in flight: it could reach the server first.
        await saving.catch(() => undefined);
        if (store.find(item.id)) await deleteItems(store, [item.id], { isUndo: true });
      },
      // Its undo sent it to the trash: redo brings it back from there.
      reapply: () => restoreItems(store, [item]),
      isReappliedAtOnce: false,
    });
  }
  return saving;
}

/** One value written through the store: the value keeps its id, null clears it. */
function writeValue(store: RecordStore<Item>, item: Item, attributeId: string, data: unknown): Promise<Item> {
  const local = store.find(item.id) ?? item;
  const previous = local.values[attributeId];
  touchValue(item.id, attributeId);
  const values = { ...local.values };
  values[attributeId] = { id: previous?.id ?? crypto.randomUUID(), attribute_id: attributeId, data };
  return store.save({ ...local, values });
}

/** Writes each entry's data on its item; an item gone from the store meanwhile is left alone. */
async function writeEach(
  store: RecordStore<Item>,
  attributeId: string,
  entries: readonly { id: string; data: unknown }[],
): Promise<void> {
  const writes: Promise<Item>[] = [];
  for (const entry of entries) {
    const local = store.find(entry.id);
    if (local) writes.push(writeValue(store, local, attributeId, entry.data));
  }
  await allOrFirstFailure(writes);
}

/**
 * Records the undo of a value written on items: each gets back its own previous data (an item
 * gone from the store meanwhile, moved or deleted, is left alone); redo writes `data` again.
 * Unchanged values are skipped.
 */
function recordValueUndo(
  store: RecordStore<Item>,
  attributeId: string,
  before: readonly { id: string; data: unknown }[],
  data: unknown,
): void {
  const changed = before.filter((entry) => !isDeepEqual(entry.data, data));
  if (changed.length === 0) return;
  undoStack.push({
    kind: 'edit',
    count: changed.length,
    isShownAtOnce: true,
    revert: () => writeEach(store, attributeId, changed),
    reapply: () =>
      writeEach(
        store,
        attributeId,
        changed.map((entry) => ({ id: entry.id, data })),
      ),
    isReappliedAtOnce: true,
  });
}

const dataOf = (store: RecordStore<Item>, item: Item, attributeId: string) => ({
  id: item.id,
  data: (store.find(item.id) ?? item).values[attributeId]?.data ?? null,
});

/** Writes one cell: the value keeps its id, null clears it. Undo restores the previous data. */
export function setItemValue(
  store: RecordStore<Item>,
  item: Item,
  attributeId: string,
  data: unknown,
  options: WriteOptions = {},
): Promise<Item> {
  if (!options.isUndo) recordValueUndo(store, attributeId, [dataOf(store, item, attributeId)], data);
  return writeValue(store, item, attributeId, data);
}

/**
 * Sets one attribute's value on many items (bulk edit): one save per item through the store, each
 * shown at once and queued offline as a cell edit is. One undo step restores every item's own
 * previous data. Resolves with the saved items once all are answered; rejects with the first
 * refusal (the others are saved all the same).
 */
export function setValues(
  store: RecordStore<Item>,
  items: readonly Item[],
  attributeId: string,
  data: unknown,
  options: WriteOptions = {},
): Promise<Item[]> {
  if (!options.isUndo)
    recordValueUndo(
      store,
      attributeId,
      items.map((item) => dataOf(store, item, attributeId)),
      data,
    );
  return allOrFirstFailure(items.map((item) => writeValue(store, item, attributeId, data)));
}

/** Moves an item between two neighbours (drag and drop), optionally into another parent. */
export function moveItem(
  store: RecordStore<Item>,
  item: Item,
  before: string | null,
  after: string | null,
  changes: Partial<Pick<Item, 'parent_id' | 'folder_id'>> = {},
  options: WriteOptions = {},
): Promise<Item> {
  const local = store.find(item.id) ?? item;
  const place = { ...changes, sort_order: keyBetween(before, after) };
  if (!options.isUndo) {
    const { sort_order, parent_id, folder_id } = local;
    const moveTo = async (fields: Partial<Item>) => {
      const current = store.find(item.id);
      if (current) await store.save({ ...current, ...fields });
    };
    undoStack.push({
      kind: 'move',
      count: 1,
      isShownAtOnce: true,
      revert: () => moveTo({ sort_order, parent_id, folder_id }),
      reapply: () => moveTo(place),
      isReappliedAtOnce: true,
    });
  }
  return store.save({ ...local, ...place });
}

/**
 * Moves the top-level items among `items` to another folder of the same board, each with its
 * subitems (subitems of `items` move only with their parent; items already there stay). They
 * leave `store` at once and show in `targetStore` (the target folder's store, when this tab has
 * it open: `findSiblingItemsStore`) at the end of its items; one save per item, queued offline.
 * One undo step moves them all back to their places. Resolves with the saved items; rejects with
 * the first refusal (the others move all the same).
 */
export function moveItems(
  store: RecordStore<Item>,
  targetStore: RecordStore<Item> | undefined,
  items: readonly Item[],
  folderId: string,
  options: WriteOptions = {},
): Promise<Item[]> {
  const snapshot = store.getSnapshot();
  const tops = items
    .map((item) => store.find(item.id) ?? item)
    .filter((item) => item.parent_id === null && item.folder_id !== folderId)
    .sort(compareOwnOrder);
  if (tops.length === 0) return Promise.resolve([]);
  // Without the target's items at hand, an item keeps its key: still a valid place there.
  const keys = targetStore?.isInitialized()
    ? keysBetween(lastKey(targetStore.getSnapshot(), null), null, tops.length)
    : tops.map((item) => item.sort_order);
  const moves = tops.map((item, index) => ({
    item,
    sortOrder: keys[index] ?? null,
    subitems: descendantsOf(snapshot, [item.id]),
  }));
  const writes = moves.map(({ item, sortOrder, subitems }) =>
    relocate({ from: store, to: targetStore, via: store, item, sortOrder, subitems, folderId }),
  );
  if (!options.isUndo) recordMoveUndo(store, targetStore, moves, folderId);
  return allOrFirstFailure(writes);
}

/**
 * The undo of a move: every item goes back to its folder, key and subitems. Saves go through the
 * source store, behind the move's own saves (offline too: the queue keeps their order).
 */
function recordMoveUndo(
  source: RecordStore<Item>,
  target: RecordStore<Item> | undefined,
  moves: readonly { item: Item; sortOrder: string | null; subitems: readonly Item[] }[],
  folderId: string,
): void {
  // What the server holds once the move landed: the item one row_version on, its subitems too.
  const moved = moves.map(({ item, sortOrder, subitems }) => ({
    item: { ...item, folder_id: folderId, sort_order: sortOrder, row_version: item.row_version + 1 },
    original: item,
    subitems: subitems.map((sub) => ({ ...sub, folder_id: folderId, row_version: sub.row_version + 1 })),
  }));
  undoStack.push({
    kind: 'move',
    count: moves.length,
    isShownAtOnce: true,
    async revert() {
      const writes: Promise<Item>[] = [];
      for (const { item, original, subitems } of moved) {
        // Still (or again) in its folder: the move was refused, nothing to take back.
        if (source.find(item.id)?.folder_id === original.folder_id) continue;
        const current = target?.find(item.id) ?? item;
        writes.push(
          relocate({
            from: target,
            to: source,
            via: source,
            item: current,
            sortOrder: original.sort_order,
            subitems: subitems.map((sub) => target?.find(sub.id) ?? sub),
            folderId: original.folder_id,
          }),
        );
      }
      await allOrFirstFailure(writes);
    },
    // The move again, from where the undo put the items back (their subitems as they are now).
    async reapply() {
      const writes: Promise<Item>[] = [];
      for (const { item, original } of moved) {
        const current = source.find(item.id);
        if (!current || current.folder_id !== original.folder_id) continue;
        writes.push(
          relocate({
            from: source,
            to: target,
            via: source,
            item: current,
            sortOrder: item.sort_order,
            subitems: descendantsOf(source.getSnapshot(), [item.id]),
            folderId,
          }),
        );
      }
      await allOrFirstFailure(writes);
    },
    isReappliedAtOnce: true,
  });
}

/**
 * Deletes items (to the trash, with their subitems); each delete is confirmed by the server. A
 * subitem whose parent is deleted too goes with it. One undo step restores what was deleted.
 */
export async function deleteItems(
  store: RecordStore<Item>,
  ids: readonly string[],
  options: WriteOptions = {},
): Promise<void> {
  const found = ids.map((id) => store.find(id)).filter((item): item is Item => item !== undefined);
  const chosen = new Set(found.map((item) => item.id));
  const byId = new Map(store.getSnapshot().map((item) => [item.id, item]));
  const hasChosenAncestor = (item: Item) => {
    const seen = new Set<string>();
    for (let parent = item.parent_id; parent !== null && !seen.has(parent); ) {
      if (chosen.has(parent)) return true;
      seen.add(parent);
      parent = byId.get(parent)?.parent_id ?? null;
    }
    return false;
  };
  const roots = found.filter((item) => !hasChosenAncestor(item));
  const results = await Promise.allSettled(roots.map((item) => store.delete(item)));
  const deleted = roots.filter((_, index) => results[index]!.status === 'fulfilled');
  // The server deleted their subitems with them; the board's channel says so too, maybe later.
  store.forget(
    descendantsOf(
      store.getSnapshot(),
      deleted.map((item) => item.id),
    ).map((item) => item.id),
  );
  if (deleted.length > 0 && !options.isUndo) {
    undoStack.push({
      kind: 'delete',
      count: deleted.length,
      isShownAtOnce: false,
      revert: () => restoreItems(store, deleted),
      // The undo's restore reloaded the store: the items are there to delete again.
      reapply: () =>
        deleteItems(
          store,
          deleted.map((item) => item.id),
          { isUndo: true },
        ),
      isReappliedAtOnce: false,
    });
  }
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Adds an attribute of a type at the end of the board's attributes. */
export function createAttribute(
  store: RecordStore<Attribute>,
  fields: {
    teamId: number;
    boardId: string;
    name: string;
    type: Attribute['type'];
    settings?: Record<string, unknown>;
  },
): Promise<Attribute> {
  const now = new Date().toISOString();
  let last: string | null = null;
  for (const attribute of store.getSnapshot()) {
    if (attribute.sort_order !== null && (last === null || attribute.sort_order > last))
      last = attribute.sort_order;
  }
  const attribute = store.create({
    id: crypto.randomUUID(),
    object: 'attribute',
    team_id: fields.teamId,
    board_id: fields.boardId,
    name: fields.name,
    type: fields.type,
    settings: fields.settings ?? {},
    default_data: null,
    sort_order: keyBetween(last, null),
    created_by: null,
    updated_at: now,
    deleted: false,
  });
  return store.save(attribute);
}

/**
 * Renames or reconfigures an attribute: shown at once, one PUT with the row_version
 * compare-and-set (the server answers 409 with its copy when another save came first). The type
 * never changes. Rejects with the server's refusal, the previous copy put back.
 */
export function updateAttribute(
  store: RecordStore<Attribute>,
  attribute: Attribute,
  changes: { name?: string; settings?: Record<string, unknown> },
): Promise<Attribute> {
  const local = store.find(attribute.id) ?? attribute;
  return store.save({ ...local, ...changes });
}

/**
 * Deletes an attribute once the server confirms (items keep their values of it on the server).
 * The board's name attribute is refused by the server.
 */
export function deleteAttribute(store: RecordStore<Attribute>, attribute: Attribute): Promise<void> {
  return store.delete(store.find(attribute.id) ?? attribute);
}
