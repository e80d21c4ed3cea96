import type { Action } from './actions';
import { type Actor, decide, effectiveRules, type PermissionLevel } from './engine';
import { formatKey } from './rules';

/**
 * A folder's visibility as its `settings` hold it (spec section 5: visible or hidden; private or
 * public). Anything else under those keys reads as the default: visible and public.
 */
export interface FolderVisibility {
  hidden: boolean;
  private: boolean;
  /** Who else sees a private folder, besides its creator and the owner and admins. */
  memberIds: number[];
}

/** What deciding about a folder reads of it. */
export interface FolderForAccess {
  id: string;
  parentId: string | null;
  createdBy: number | null;
  settings: unknown;
}

export function folderVisibility(settings: unknown): FolderVisibility {
  const record = (typeof settings === 'object' && settings !== null ? settings : {}) as Record<
    string,
    unknown
  >;
  const memberIds = Array.isArray(record.member_ids)
    ? record.member_ids.filter((id): id is number => Number.isInteger(id))
    : [];
  return { hidden: record.hidden === true, private: record.private === true, memberIds };
}

/**
 * A private folder's level: VIEW_FOLDER is final there, so no view right is inherited into it
 * (the owner's excepted), and only its creator, its members and the admins get one back. Its
 * subfolders inherit these rules as any rules (docs/permissions.md, "Folders").
 */
export function privateFolderLevel(folder: Pick<FolderForAccess, 'createdBy' | 'settings'>): PermissionLevel {
  const { memberIds } = folderVisibility(folder.settings);
  const userIds = new Set(folder.createdBy === null ? memberIds : [folder.createdBy, ...memberIds]);
  return {
    permissions: [
      formatKey({ action: 'VIEW_FOLDER', allow: true, subject: 'role:admin' }),
      ...[...userIds].map((id) => formatKey({ action: 'VIEW_FOLDER', allow: true, subject: `user:${id}` })),
    ],
    final_permissions: ['VIEW_FOLDER'],
  };
}

/** The level a folder adds to its chain: its private level, or nothing for a public folder. */
export function folderLevel(folder: Pick<FolderForAccess, 'createdBy' | 'settings'>): PermissionLevel {
  const known = folderLevels.get(folder);
  if (known && known.settings === folder.settings && known.createdBy === folder.createdBy) return known.level;
  const level = folderVisibility(folder.settings).private ? privateFolderLevel(folder) : OPEN_FOLDER_LEVEL;
  folderLevels.set(folder, { settings: folder.settings, createdBy: folder.createdBy, level });
  return level;
}

/** A folder that is not private adds nothing: one object for all, so its rules are remembered. */
const OPEN_FOLDER_LEVEL: PermissionLevel = Object.freeze({
  permissions: Object.freeze([]),
  final_permissions: Object.freeze([]),
});

/**
 * Each folder's level, made once per folder object (checked against its settings and creator), so
 * that the rules of a chain are merged once for everyone it is decided for (engine.ts).
 */
const folderLevels = new WeakMap<object, { settings: unknown; createdBy: unknown; level: PermissionLevel }>();

/**
 * The folders from the top level down to `id` (itself last), walking parent ids through
 * `folders`. A parent not in the list ends the chain; a loop is cut. Empty when `id` is unknown.
 */
export function folderChain<F extends Pick<FolderForAccess, 'id' | 'parentId'>>(
  id: string,
  folders: readonly F[],
): F[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: F[] = [];
  let current = byId.get(id);
  while (current && !chain.includes(current)) {
    chain.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain;
}

/** Hidden: the folder or one above it is hidden (spec section 6: a hidden parent hides its children). */
export const isChainHidden = (chain: readonly Pick<FolderForAccess, 'settings'>[]) =>
  chain.some((folder) => folderVisibility(folder.settings).hidden);

/** Private: the folder or one above it is private (its rules reach everything under it). */
export const isChainPrivate = (chain: readonly Pick<FolderForAccess, 'settings'>[]) =>
  chain.some((folder) => folderVisibility(folder.settings).private);

/**
 * What an actor may do in the last folder of `chain`, below the board's `levels`. Seeing it takes,
 * at every folder from the top down, VIEW_FOLDER (a private folder's level counted), and where that
 * folder is hidden (itself or above) EDIT_FOLDERS as well: a folder under one the actor cannot see
 * stays out of reach even when its own rules would let them in.
 */
export function folderChainAccess(options: {
  levels: readonly PermissionLevel[];
  actor: Actor;
  chain: readonly Pick<FolderForAccess, 'createdBy' | 'settings'>[];
}): { canView: boolean; can(action: Action): boolean } {
  const { actor, chain } = options;
  const levels = [...options.levels];
  let canView = chain.length > 0;
  let hidden = false;
  let rules = effectiveRules(levels);
  for (const folder of chain) {
    levels.push(folderLevel(folder));
    rules = effectiveRules(levels);
    hidden ||= folderVisibility(folder.settings).hidden;
    const sees = decide(rules, actor, 'VIEW_FOLDER') && (!hidden || decide(rules, actor, 'EDIT_FOLDERS'));
    if (!sees) canView = false;
  }
  const finalRules = rules;
  return { canView, can: (action) => decide(finalRules, actor, action) };
}
