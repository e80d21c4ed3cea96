import type { Logger } from 'pino';
import type { AutomationRow } from '../db/schema/automations';
import type { FolderRow } from '../db/schema/boards';
import type { HookRow } from '../db/schema/hooks';
import type { AttributeRow } from '../db/schema/items';
import type { UserRow } from '../db/schema/users';
import type { FolderViewRow } from '../db/schema/views';
import type { AuthState } from '../http/types';
import type { BoardWithRecord } from '../modules/boards/boards.repo';
import type { TeamAccess } from '../modules/teams/team-access-types';
import type { RealtimeBus } from '../realtime/bus';
import { BoundedCache } from './bounded-cache';
import type { CacheInvalidation } from './cache-invalidation';
import type { CommittedSequence } from './commit-hooks';
import { FolderSnapshotCache } from './folder-snapshots';

/** A token's lookup: who it is and until when it is valid. */
export interface CachedToken {
  auth: AuthState;
  expiresAt: Date;
}

/**
 * One cache of reads, with the generation it was read at: a read that started before an
 * invalidation is not stored (it may hold the copy the invalidation was about).
 */
export class HotCache<V> {
  private readonly cache: BoundedCache<V>;
  private generation = 0;

  constructor(maxEntries: number, ttlMs: number) {
    this.cache = new BoundedCache(maxEntries, ttlMs);
  }

  get(key: string): V | undefined {
    return this.cache.get(key);
  }

  /**
   * The cached value, or `load`'s, stored unless something was dropped meanwhile. Nothing found
   * (null) is not stored: what is created next needs no invalidation.
   */
  async read(key: string, load: () => Promise<V | null | undefined>): Promise<V | null> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const value = await load();
    if (value === null || value === undefined) return null;
    if (generation === this.generation) this.cache.set(key, value);
    return value;
  }

  drop(picks: (key: string, value: V) => boolean): void {
    this.generation++;
    this.cache.deleteWhere(picks);
  }

  get size(): number {
    return this.cache.size;
  }
}

export interface HotCaches {
  /** Bearer token hash -> its user and session. */
  tokens: HotCache<CachedToken>;
  /** `{teamId}:{userId}:{guest}` -> the member's standing (the workspace, role and rules). */
  memberships: HotCache<TeamAccess>;
  /** `{teamId}:{boardId}` -> the board's live attributes. */
  attributes: HotCache<AttributeRow[]>;
  /** `{teamId}:{folderId}:{limit}` -> the folder's items as JSON, and its encodings. */
  folders: FolderSnapshotCache;
  /** `{teamId}:{userId}:{guest}:{folderId}` -> the user sees the folder (requireVisibleFolder). */
  folderViews: HotCache<true>;
  /** Folders and boards as item writes read them (item-reads.ts cachedStructure). */
  structure: StructureCaches;
  /** A public form's id -> its view and its owner (forms/public-form.ts). */
  forms: HotCache<FormLookup>;
  /** `{teamId}:{boardId}` -> the board's automations that are on (what its events are matched with). */
  automations: HotCache<AutomationRow[]>;
  /** `{teamId}:{boardId}` -> the board's hooks that are on (what its events are delivered to). */
  hooks: HotCache<HookRow[]>;
  /** Drops here at once, then tells every other process (resolves once published). */
  invalidate(list: readonly CacheInvalidation[]): Promise<void>;
  /**
   * A transaction of this process committed: its item changes patch the kept folder lists here
   * (which a change of `sequences` cannot patch is dropped), then `invalidate`, each change of
   * items naming its change number so that what holds it already is kept.
   */
  committed(list: readonly CacheInvalidation[], sequences: readonly CommittedSequence[]): Promise<void>;
}

/** A form view read by its public id, with the person it works as. */
export interface FormLookup {
  view: FolderViewRow;
  owner: UserRow;
}

/** The rows of a workspace's structure, each keyed `{teamId}:{id}`. */
export interface StructureCaches {
  /** A folder in any state. */
  folders: HotCache<FolderRow>;
  /** A live board with its permission record. */
  boards: HotCache<BoardWithRecord>;
  /** A board's live folders. */
  boardFolders: HotCache<FolderRow[]>;
}

const MINUTE = 60_000;
/** Folder JSON kept per process: a 1,000-item folder is about 1 MB, a 10,000-item one 17 MB. */
const FOLDER_SNAPSHOT_BYTES = 128 * 1024 * 1024;

/**
 * The hot-path reads of every request kept in memory (docs/architecture.md, "Caches"): token
 * lookups, members' standings, boards' attributes, who sees which folder, folders' and boards' rows
 * and folders' items. A write that changes one of them notes an
 * invalidation in its transaction (commit-hooks.ts); after the commit this process drops the
 * entries and publishes the invalidation on the bus, which every other process applies when it
 * arrives (with Redis, before the write's answer leaves: publishing waits for the message to come
 * back to this process, which Redis sends it to in the same pass as to the others).
 */
export function createHotCaches(options: { bus: RealtimeBus; log: Logger }): HotCaches {
  const tokens = new HotCache<CachedToken>(20_000, MINUTE);
  const memberships = new HotCache<TeamAccess>(20_000, MINUTE);
  const attributes = new HotCache<AttributeRow[]>(2_000, 5 * MINUTE);
  const folders = new FolderSnapshotCache(FOLDER_SNAPSHOT_BYTES, 5 * MINUTE);
  const folderViews = new HotCache<true>(20_000, MINUTE);
  const forms = new HotCache<FormLookup>(5_000, MINUTE);
  const automations = new HotCache<AutomationRow[]>(10_000, 5 * MINUTE);
  const hooks = new HotCache<HookRow[]>(10_000, 5 * MINUTE);
  const formsOfTeam = (teamId: number) => (_key: string, form: FormLookup) => form.view.teamId === teamId;
  const structure: StructureCaches = {
    folders: new HotCache(20_000, MINUTE),
    boards: new HotCache(5_000, MINUTE),
    boardFolders: new HotCache(5_000, MINUTE),
  };
  const ofTeam = (teamId: number) => (key: string) => key.startsWith(`${teamId}:`);
  const dropStructure = (teamId: number) => {
    for (const cache of Object.values(structure)) cache.drop(ofTeam(teamId));
  };

  function apply(list: readonly CacheInvalidation[]) {
    for (const change of list) {
      if (change.scope === 'session') tokens.drop((_key, value) => value.auth.sessionId === change.sessionId);
      else if (change.scope === 'user') {
        tokens.drop((_key, value) => value.auth.user.id === change.userId);
        memberships.drop((_key, access) => access.userId === change.userId);
        folderViews.drop((key) => key.split(':')[1] === String(change.userId));
        forms.drop((_key, form) => form.owner.id === change.userId);
      } else if (change.scope === 'team') {
        memberships.drop((_key, access) => access.team.id === change.teamId);
        folderViews.drop(ofTeam(change.teamId));
        dropStructure(change.teamId);
        folders.drop(change.teamId);
        forms.drop(formsOfTeam(change.teamId));
      } else if (change.scope === 'views') {
        forms.drop(formsOfTeam(change.teamId));
      } else if (change.scope === 'automations') {
        automations.drop(ofTeam(change.teamId));
      } else if (change.scope === 'hooks') {
        hooks.drop(ofTeam(change.teamId));
      } else if (change.scope === 'attributes') {
        attributes.drop(ofTeam(change.teamId));
        folders.drop(change.teamId);
      } else if (change.scope === 'folders') {
        if (change.seq === undefined) folders.drop(change.teamId);
        else folders.dropBefore(change.teamId, change.seq);
      } else {
        folderViews.drop(ofTeam(change.teamId));
        dropStructure(change.teamId);
        folders.drop(change.teamId);
      }
    }
  }

  options.bus.onMessage((message) => {
    if (message.kind === 'cache-invalidate') apply(message.invalidations);
  });

  async function invalidate(list: readonly CacheInvalidation[]) {
    apply(list);
    if (list.length === 0) return;
    try {
      await options.bus.publish({ kind: 'cache-invalidate', invalidations: [...list] });
    } catch (error) {
      options.log.error({ err: error }, 'cache invalidation could not reach the other processes');
    }
  }

  return {
    tokens,
    memberships,
    attributes,
    folders,
    folderViews,
    structure,
    forms,
    automations,
    hooks,
    invalidate,
    committed(list, sequences) {
      for (const sequence of sequences) folders.commit(sequence);
      const seqOf = new Map(sequences.filter((s) => s.contiguous).map((s) => [s.teamId, s.to]));
      return invalidate(
        list.map((change) =>
          change.scope === 'folders' && seqOf.has(change.teamId)
            ? { ...change, seq: seqOf.get(change.teamId) }
            : change,
        ),
      );
    },
  };
}
