import type { TrashEntry, TrashPage, TrashRecordRef } from '@strata/contracts/trash';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { folders } from '../../db/schema/boards';
import { recordChanges } from '../../db/schema/changes';
import { events } from '../../db/schema/events';
import { attributes, items } from '../../db/schema/items';
import type { Clock } from '../../lib/clock';
import type { TestApp } from '../../test/test-app';
import type { Seeded } from '../changes/changes.fixtures';
import { itemApi } from '../items/items.fixtures';

/** A clock ahead of the real one by whole seconds, moved on between deletions so that they order. */
export function steppingClock(): Clock & { tick(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    tick: () => {
      offset += 1000;
    },
  };
}

/** The trash API of one test app, with the deletes that fill a trash. */
export function trashApi(t: TestApp, clock: { tick(): void }) {
  const api = itemApi(t);
  const base = (s: Seeded, boardId: string) => `/api/${s.team.id}/boards/${boardId}/trash`;
  const list = (s: Seeded, boardId: string, token = s.owner.token, query = '') =>
    api.send('GET', `${base(s, boardId)}${query}`, token);
  const restore = (s: Seeded, boardId: string, records: unknown, token = s.owner.token) =>
    api.send('POST', `${base(s, boardId)}/restore`, token, { records });
  const purge = (s: Seeded, boardId: string, records: unknown, token = s.owner.token) =>
    api.send('DELETE', base(s, boardId), token, { records });

  /** Deletes a record through its own DELETE route (the trash's only way in), then moves the clock on. */
  async function trash(s: Seeded, ref: TrashRecordRef) {
    const plural = { item: 'items', folder: 'folders', attribute: 'attributes' }[ref.type];
    const res = await api.send('DELETE', `/api/${s.team.id}/${plural}/${ref.id}`, s.owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    clock.tick();
  }

  /** The whole trash (every page), as `type:id` keys in order. */
  async function keys(s: Seeded, boardId: string): Promise<string[]> {
    const res = await list(s, boardId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as TrashPage).data.map((entry: TrashEntry) => `${entry.type}:${entry.id}`);
  }

  return { ...api, list, restore, purge, trash, keys };
}

/** Rows of the tables the trash touches, by id, as the database holds them (undefined: gone). */
export async function rowsOf(
  t: TestApp,
  teamId: number,
  ids: { items?: string[]; folders?: string[]; attributes?: string[] },
) {
  const db = t.app.ctx.db;
  const found = {
    items: ids.items?.length
      ? await db
          .select()
          .from(items)
          .where(and(eq(items.teamId, teamId), inArray(items.id, ids.items)))
      : [],
    folders: ids.folders?.length
      ? await db
          .select()
          .from(folders)
          .where(and(eq(folders.teamId, teamId), inArray(folders.id, ids.folders)))
      : [],
    attributes: ids.attributes?.length
      ? await db
          .select()
          .from(attributes)
          .where(and(eq(attributes.teamId, teamId), inArray(attributes.id, ids.attributes)))
      : [],
  };
  return {
    item: (id: string) => found.items.find((row) => row.id === id),
    folder: (id: string) => found.folders.find((row) => row.id === id),
    attribute: (id: string) => found.attributes.find((row) => row.id === id),
  };
}

/** The workspace's outbox events after `afterId`, as `type:id`. */
export async function eventKeys(t: TestApp, teamId: number, afterId = 0): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ id: events.id, type: events.type, payload: events.payload })
    .from(events)
    .where(eq(events.teamId, teamId))
    .orderBy(events.id);
  return rows
    .filter((row) => row.id > afterId)
    .map((row) => `${row.type}:${(row.payload as { id: string | number }).id}`);
}

/** The id of the workspace's newest event (0: none). */
export async function lastEventId(t: TestApp, teamId: number): Promise<number> {
  const rows = await t.app.ctx.db.select({ id: events.id }).from(events).where(eq(events.teamId, teamId));
  return Math.max(0, ...rows.map((row) => row.id));
}

/** The change_seq of a record's last noted change (undefined: never noted). */
export async function changeSeqOf(t: TestApp, teamId: number, id: string): Promise<number | undefined> {
  const [row] = await t.app.ctx.db
    .select({ changeSeq: recordChanges.changeSeq })
    .from(recordChanges)
    .where(and(eq(recordChanges.teamId, teamId), eq(recordChanges.recordId, id)));
  return row?.changeSeq;
}

/** Delta sync's view of these records: `type:id` to whether it is a tombstone. */
export async function changeFlags(t: TestApp, teamId: number, ids: readonly string[]) {
  const rows = await t.app.ctx.db
    .select()
    .from(recordChanges)
    .where(and(eq(recordChanges.teamId, teamId), inArray(recordChanges.recordId, [...ids])));
  return Object.fromEntries(rows.map((row) => [`${row.recordType}:${row.recordId}`, row.deleted]));
}
