import type { HookEvent } from '@strata/domain/webhooks/hook-events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type CommentRow, comments } from '../../db/schema/comments';
import type { HookRow } from '../../db/schema/hooks';
import { hookDeliveries } from '../../db/schema/hooks';
import type { ItemRow } from '../../db/schema/items';
import type { DispatchedEvent } from '../../events/dispatched-event';
import type { EventSubscriber } from '../../events/dispatcher';
import { insertJsonRows } from '../../events/json-rows';
import { presentComment, presentItem, presentValue } from '../api-v2/presenters';
import { findItemsAnyState } from '../items/items.repo';
import { findFolderViewers } from '../notifications/item-audience';
import { keptStructure } from '../notifications/notification-writes';
import { findEnabledHooks } from './hooks.repo';

/** The job that sends a hook's deliveries (hook-delivery.ts). */
export const HOOK_DELIVERY_JOB = 'hooks.deliver';

export interface HookDeliveryJob {
  teamId: number;
  hookId: string;
}

const BOARD_CHANNEL = /^team\.\d+\.board\.([A-Za-z0-9]+)$/;

/** The board's hooks that are on, kept per process until one of the workspace's is saved. */
export async function enabledHooksOf(ctx: AppContext, teamId: number, boardId: string): Promise<HookRow[]> {
  return (
    (await ctx.caches.hooks.read(`${teamId}:${boardId}`, async () => [
      ...(await findEnabledHooks(ctx.db, teamId, boardId)),
    ])) ?? []
  );
}

/** What a committed event is to hooks: the hook events it makes and the record it is about. */
interface Happened {
  event: DispatchedEvent;
  boardId: string;
  types: HookEvent[];
  record:
    | { kind: 'item'; id: string }
    | { kind: 'value'; itemId: string; value: { id: string; attribute_id: string; data: unknown } }
    | { kind: 'comment'; id: string };
}

/**
 * Webhooks' fan-out (docs/webhooks.md): an outbox subscriber. The events of a board with hooks on
 * become deliveries, one per (hook, event), each with the body every attempt sends; a hook gets
 * only the events it asked for, about what its creator sees. A board without hooks costs one
 * lookup in memory per event. The deliveries of a batch are written in one statement with one
 * job per hook that got some; the same event handed out again writes nothing.
 */
export function createHookFanout(ctx: AppContext): EventSubscriber {
  let happened: Happened[] = [];
  return {
    name: 'hooks',
    types: [
      'item.created',
      'item.updated',
      'item.deleted',
      'value.created',
      'value.updated',
      'comment.created',
      'comment.updated',
    ],
    async handle(event) {
      const boardId = BOARD_CHANNEL.exec(event.channel)?.[1];
      if (event.teamId === null || !boardId) return;
      const hooks = await enabledHooksOf(ctx, event.teamId, boardId);
      if (hooks.length === 0) return;
      const record = recordOf(event);
      if (!record) return;
      const types: HookEvent[] =
        event.type === 'item.created' ? ['item.created', 'item.finalized'] : [event.type as HookEvent];
      happened.push({ event, boardId, types, record });
    },
    async afterBatch() {
      const batch = happened;
      happened = [];
      if (batch.length > 0) await queueDeliveries(ctx, batch);
    },
  };
}

function recordOf(event: DispatchedEvent): Happened['record'] | undefined {
  const id = String(event.payload.id);
  if (event.type.startsWith('item.')) return { kind: 'item', id };
  if (event.type.startsWith('comment.')) return { kind: 'comment', id };
  const value = (event.payload.data ?? event.restrictedValue) as
    | { id?: string; item_id?: string; attribute_id?: string; data?: unknown }
    | undefined;
  if (!value?.item_id || !value.attribute_id) return undefined;
  return {
    kind: 'value',
    itemId: value.item_id,
    value: { id: value.id ?? id, attribute_id: value.attribute_id, data: value.data ?? null },
  };
}

const DELIVERY_COLUMNS = {
  team_id: 'integer',
  hook_id: 'uuid',
  event_id: 'bigint',
  event_key: 'text',
  event_type: 'text',
  body: 'text',
} as const;

/** The deliveries of a batch's events: their records read once, each hook's creator's view applied. */
async function queueDeliveries(ctx: AppContext, batch: readonly Happened[]): Promise<void> {
  const teams = new Map<number, Happened[]>();
  for (const one of batch) teams.set(one.event.teamId!, [...(teams.get(one.event.teamId!) ?? []), one]);
  for (const [teamId, list] of teams) {
    const itemIds = list.flatMap(({ record }) =>
      record.kind === 'item' ? [record.id] : record.kind === 'value' ? [record.itemId] : [],
    );
    const commentIds = list.flatMap(({ record }) => (record.kind === 'comment' ? [record.id] : []));
    const items = await findItemsAnyState(ctx.db, teamId, itemIds);
    const found = await findComments(ctx.db, teamId, commentIds);
    for (const comment of found.values()) if (!items.has(comment.itemId)) itemIds.push(comment.itemId);
    for (const [id, item] of await findItemsAnyState(
      ctx.db,
      teamId,
      itemIds.filter((id) => !items.has(id)),
    ))
      items.set(id, item);
    const rows: Record<string, unknown>[] = [];
    for (const [boardId, onBoard] of groupBy(list, (one) => one.boardId)) {
      const hooks = await enabledHooksOf(ctx, teamId, boardId);
      const itemOf = (one: Happened): ItemRow | undefined =>
        items.get(
          one.record.kind === 'item'
            ? one.record.id
            : one.record.kind === 'value'
              ? one.record.itemId
              : (found.get(one.record.id)?.itemId ?? ''),
        );
      const folderIds = onBoard.flatMap((one) => {
        const item = itemOf(one);
        return item ? [item.folderId] : [];
      });
      const creators = [...new Set(hooks.flatMap((hook) => (hook.userId === null ? [] : [hook.userId])))];
      const viewers = await findFolderViewers(
        ctx.db,
        { teamId, boardId },
        folderIds,
        creators,
        keptStructure(ctx, teamId),
      );
      for (const one of onBoard) {
        const item = itemOf(one);
        if (!item) continue;
        const object = objectOf(one, item, found);
        if (!object) continue;
        for (const hook of hooks) {
          if (hook.userId === null || !viewers.get(item.folderId)?.has(hook.userId)) continue;
          for (const type of one.types) {
            if (!hook.events.includes(type)) continue;
            rows.push({
              team_id: teamId,
              hook_id: hook.id,
              event_id: one.event.id,
              event_key: `${one.event.id}:${type}:${String(one.event.payload.id)}`,
              event_type: type,
              body: JSON.stringify({
                type,
                timestamp: (one.event.createdAt ?? new Date()).toISOString(),
                data: object,
                payload: object,
              }),
            });
          }
        }
      }
    }
    if (rows.length === 0) continue;
    await ctx.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`${insertJsonRows(hookDeliveries, DELIVERY_COLUMNS, rows)}
          ON CONFLICT (hook_id, event_key) WHERE replay_of IS NULL DO NOTHING RETURNING hook_id`,
      );
      const hookIds = [...new Set(rowsOf<{ hook_id: string }>(result).rows.map((row) => row.hook_id))];
      await ctx.jobs.enqueueMany<HookDeliveryJob>(
        tx,
        HOOK_DELIVERY_JOB,
        hookIds.map((hookId) => ({ teamId, hookId })),
      );
    });
    ctx.jobs.wake(HOOK_DELIVERY_JOB);
  }
}

function objectOf(one: Happened, item: ItemRow, found: Map<string, CommentRow>) {
  const { record } = one;
  if (record.kind === 'item') return presentItem(item);
  if (record.kind === 'value') return presentValue(item.id, record.value);
  const comment = found.get(record.id);
  return comment ? presentComment(comment) : undefined;
}

async function findComments(db: DbOrTx, teamId: number, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, CommentRow>();
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.teamId, teamId), inArray(comments.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

function groupBy<T, K>(list: readonly T[], key: (entry: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const entry of list) groups.set(key(entry), [...(groups.get(key(entry)) ?? []), entry]);
  return groups;
}
