import type { Folder } from '@strata/contracts/boards';
import { folderVisibility } from '@strata/domain/permissions/folders';

/** What boards and folders are ordered by: the server's order (sort_order, then age, then id). */
interface Ordered {
  id: string;
  sort_order: string | null;
  created_at: string;
}

/**
 * The server's order of boards and folders (`ORDER BY sort_order, created_at, id`; PostgreSQL puts
 * a null sort_order last), so that a record made here sits where the next load will put it.
 */
export function compareOrder(a: Ordered, b: Ordered): number {
  if (a.sort_order !== b.sort_order) {
    if (a.sort_order === null) return 1;
    if (b.sort_order === null) return -1;
    return a.sort_order < b.sort_order ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function sortByOrder<T extends Ordered>(records: readonly T[]): T[] {
  return [...records].sort(compareOrder);
}

export interface FolderNode {
  folder: Folder;
  children: FolderNode[];
}

/**
 * A board's folders as a tree, each level in the server's order. A folder whose parent is not in
 * the list (not loaded yet, or deleted meanwhile) shows at the top level rather than vanish; a
 * parent chain that loops (never sent by the server, but a stale copy could) is cut.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const nodes = new Map<string, FolderNode>();
  for (const folder of sortByOrder(folders)) nodes.set(folder.id, { folder, children: [] });
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.folder.parent_id;
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent && !isAncestorOf(node.folder.id, parentId!, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `id` is `of` or one of its ancestors (walking parent ids through `nodes`). */
function isAncestorOf(id: string, of: string, nodes: ReadonlyMap<string, FolderNode>): boolean {
  const seen = new Set<string>();
  let current: string | null = of;
  while (current !== null && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    current = nodes.get(current)?.folder.parent_id ?? null;
  }
  return false;
}

/** The ids of every folder under `id` (not `id` itself): deleting a folder deletes them too. */
export function descendantIds(folders: readonly Folder[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (folder.parent_id === null) continue;
    children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder.id]);
  }
  const found: string[] = [];
  const queue = [...(children.get(id) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (next === id || found.includes(next)) continue;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** The ids from the top level down to `id`'s parent: the folders to expand to show `id`. */
export function ancestorIds(folders: readonly Folder[], id: string): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: string[] = [];
  let current = byId.get(id)?.parent_id ?? null;
  while (current !== null && !chain.includes(current)) {
    chain.unshift(current);
    current = byId.get(current)?.parent_id ?? null;
  }
  return chain;
}

/** The folder a board opens on: its first top-level folder in order (or first at all). */
export function firstFolder(folders: readonly Folder[]): Folder | undefined {
  return buildFolderTree(folders)[0]?.folder;
}

/** Whether the folder itself is hidden or private (its own settings; docs/permissions.md, "Folders"). */
export const isHidden = (folder: Folder) => folderVisibility(folder.settings).hidden;
export const isPrivate = (folder: Folder) => folderVisibility(folder.settings).private;

/** The ids of the hidden folders and of every folder under one: a hidden parent hides its children. */
export function hiddenIds(folders: readonly Folder[]): Set<string> {
  const hidden = new Set<string>();
  for (const folder of folders) {
    if (isHidden(folder)) hidden.add(folder.id);
    if (isHidden(folder)) for (const id of descendantIds(folders, folder.id)) hidden.add(id);
  }
  return hidden;
}

/**
 * The folders the tree shows: hidden ones (and those under them) only when the user may edit
 * folders and turned "Show hidden folders" on. The server leaves them out for everyone else.
 */
export function foldersInTree(folders: readonly Folder[], showHidden: boolean): Folder[] {
  if (showHidden) return [...folders];
  const hidden = hiddenIds(folders);
  return folders.filter((folder) => !hidden.has(folder.id));
}
