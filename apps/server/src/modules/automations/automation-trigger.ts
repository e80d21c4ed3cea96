import { OCCURRENCES_OF, type Occurrence, triggerMatches } from '@strata/domain/automations/trigger-match';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import type { AutomationRow } from '../../db/schema/automations';
import { automationRuns } from '../../db/schema/automations';
import { comments } from '../../db/schema/comments';
import type { DispatchedEvent } from '../../events/dispatched-event';
import type { EventSubscriber } from '../../events/dispatcher';
import { insertJsonRows } from '../../events/json-rows';
import { FORM_SUBMITTED_EVENT } from '../forms/form-answer-notes';
import { findBoardAttributesCached } from '../items/item-reads';
import { findItemAnyState } from '../items/items.repo';
import { toAttribute } from '../items/items.shapes';
import { findEnabledAutomations } from './automations.repo';

/** The job that runs one automation run (automation-runner.ts). */
export const AUTOMATION_RUN_JOB = 'automations.run';

export interface AutomationRunJob {
  teamId: number;
  runId: string;
}

/** A run a batch's events (or the clock) asked for. */
export interface WantedRun {
  automation: AutomationRow;
  runKey: string;
  itemId: string | null;
  occurrence: Occurrence;
  depth: number;
  actorId: number | null;
}

const BOARD_CHANNEL = /^team\.\d+\.board\.([A-Za-z0-9]+)$/;

/** A board's automations that are on, kept per process until one of the workspace's is saved. */
export async function enabledAutomationsOf(ctx: AppContext, teamId: number, boardId: string) {
  return (
    (await ctx.caches.automations.read(`${teamId}:${boardId}`, async () => [
      ...(await findEnabledAutomations(ctx.db, teamId, boardId)),
    ])) ?? []
  );
}

/**
 * Automations' trigger (ARCHITECTURE.md section 7): an outbox subscriber. Each committed event
 * of a board with automations on becomes what happened (an item created or moved, a value changed
 * with its data before and after, a comment added); every automation whose trigger it fires gets
 * a run, written with a key naming the event, unique per automation, so the same event never runs
 * an automation twice; its job does the work (automation-runner.ts). A board without automations
 * on costs one lookup in memory per event.
 */
export function createAutomationTrigger(ctx: AppContext): EventSubscriber {
  let wanted: WantedRun[] = [];
  // The value events of a created item's row come right after it: they are its creation, not changes.
  let createdRow: number | null = null;
  // The folder the item event of a row names (none for a hidden or private folder's item): its
  // value events, right after it, need no read to know where their item is.
  let rowFolder: { row: number; itemId: string; folderId: string } | null = null;
  return {
    name: 'automations',
    types: [
      'item.created',
      'item.updated',
      'value.created',
      'value.updated',
      'comment.created',
      FORM_SUBMITTED_EVENT,
    ],
    async handle(event) {
      if (event.type.startsWith('item.')) rowFolder = folderNamed(event);
      if (event.type === 'item.created') createdRow = event.id;
      else if (event.type.startsWith('value.') && createdRow === event.id) return;
      if (event.type === FORM_SUBMITTED_EVENT) return formAnswered(event);
      const boardId = BOARD_CHANNEL.exec(event.channel)?.[1];
      if (event.teamId === null || !boardId) return;
      const known = rowFolder?.row === event.id ? rowFolder : undefined;
      await match(event, boardId, () => occurrenceOf(ctx, event, known));
    },
    async afterBatch() {
      createdRow = null;
      rowFolder = null;
      const runs = wanted;
      wanted = [];
      await queueRuns(ctx, runs);
    },
  };

  /** A form's answer: its event is on the form owner's channel and names the board and folder. */
  async function formAnswered(event: DispatchedEvent) {
    const payload = event.payload as {
      id?: unknown;
      item_id?: unknown;
      board_id?: unknown;
      folder_id?: unknown;
    };
    const { item_id: itemId, board_id: boardId, folder_id: folderId } = payload;
    if (typeof itemId !== 'string' || typeof boardId !== 'string' || typeof folderId !== 'string') return;
    await match(event, boardId, async () => ({
      kind: 'form_submitted',
      item_id: itemId,
      folder_id: folderId,
      form_id: String(payload.id),
    }));
  }

  /**
   * Every automation of the board on whose trigger the occurrence fires gets a run. What happened
   * is worked out (which may read the item) only for a board with automations on.
   */
  async function match(
    event: DispatchedEvent,
    boardId: string,
    occurrenceOfEvent: () => Promise<Occurrence | undefined>,
  ) {
    if (event.teamId === null) return;
    const automations = (await enabledAutomationsOf(ctx, event.teamId, boardId)).filter((automation) =>
      mayFireOn(automation, event),
    );
    if (automations.length === 0) return;
    const occurrence = await occurrenceOfEvent();
    if (!occurrence) return;
    const attributes = (await findBoardAttributesCached({ ctx, tx: ctx.db }, event.teamId, boardId)).map(
      toAttribute,
    );
    for (const automation of automations) {
      const { trigger } = automation.recipe;
      const attribute =
        'attribute_id' in trigger ? attributes.find((one) => one.id === trigger.attribute_id) : undefined;
      if (!triggerMatches(trigger, occurrence, attribute)) continue;
      wanted.push({
        automation,
        runKey: `event:${event.id}:${event.type}:${event.payload.id}`,
        itemId: 'item_id' in occurrence ? occurrence.item_id : null,
        occurrence,
        depth: event.origin?.depth ?? 0,
        actorId: event.actorId,
      });
    }
  }
}

/** What each kind of event can be to a trigger (value events: changes of one attribute). */
const KIND_OF_EVENT: Record<string, Occurrence['kind']> = {
  'item.created': 'item_created',
  'item.updated': 'item_moved',
  'value.created': 'value_changed',
  'value.updated': 'value_changed',
  'comment.created': 'comment_added',
  [FORM_SUBMITTED_EVENT]: 'form_submitted',
};

/**
 * Whether an automation's trigger could fire on an event, judged from the event alone (no read):
 * the kind of what happened, and for a value the attribute. Only then is the occurrence worked out.
 */
function mayFireOn(automation: AutomationRow, event: DispatchedEvent): boolean {
  const { trigger } = automation.recipe;
  if (OCCURRENCES_OF[trigger.kind] !== KIND_OF_EVENT[event.type]) return false;
  if (!event.type.startsWith('value.') || !('attribute_id' in trigger)) return true;
  const value = changedValue(event);
  return value?.attribute_id === undefined || value.attribute_id === trigger.attribute_id;
}

/** A value event's value: its data, or for a hidden or private folder's item what only subscribers see. */
const changedValue = (event: DispatchedEvent) =>
  (event.payload.data ?? event.restrictedValue) as
    | { item_id?: string; attribute_id?: string; data?: unknown }
    | undefined;

/** The item and folder an item event's data names, if it has data. */
function folderNamed(event: DispatchedEvent) {
  const data = event.payload.data as { folder_id?: unknown } | undefined;
  return typeof data?.folder_id === 'string'
    ? { row: event.id, itemId: String(event.payload.id), folderId: data.folder_id }
    : null;
}

/**
 * What an event tells automations happened; undefined when nothing they listen for. `known`: the
 * folder its row's item event named.
 */
async function occurrenceOf(
  ctx: AppContext,
  event: DispatchedEvent,
  known?: { itemId: string; folderId: string },
): Promise<Occurrence | undefined> {
  const payload = event.payload as { id?: unknown; data?: Record<string, unknown> };
  const teamId = event.teamId!;
  if (event.type === 'item.created' || event.type === 'item.updated') {
    const itemId = String(payload.id);
    if (event.type === 'item.updated' && event.movedFrom === undefined) return undefined;
    const folderId = await folderOf(ctx, teamId, itemId, payload.data);
    if (!folderId) return undefined;
    return event.type === 'item.created'
      ? { kind: 'item_created', item_id: itemId, folder_id: folderId }
      : { kind: 'item_moved', item_id: itemId, folder_id: folderId, from_folder_id: event.movedFrom! };
  }
  if (event.type === 'comment.created') {
    const data = payload.data as { item_id?: string; folder_id?: string } | undefined;
    // A comment of a hidden or private folder's item goes out without data: read where it is.
    const itemId = data?.item_id ?? (await commentItemId(ctx, teamId, String(payload.id)));
    if (!itemId) return undefined;
    const folderId = data?.folder_id ?? (await folderOf(ctx, teamId, itemId, undefined));
    if (!folderId) return undefined;
    return { kind: 'comment_added', item_id: itemId, folder_id: folderId, comment_id: String(payload.id) };
  }
  // value.created / value.updated: `data` is the value ({ item_id, attribute_id, data }).
  const value = changedValue(event);
  if (!value?.item_id || !value.attribute_id) return undefined;
  const folderId =
    known?.itemId === value.item_id ? known.folderId : await folderOf(ctx, teamId, value.item_id, undefined);
  if (!folderId) return undefined;
  return {
    kind: 'value_changed',
    item_id: value.item_id,
    folder_id: folderId,
    attribute_id: value.attribute_id,
    before: event.valueBefore ?? null,
    after: value.data ?? null,
  };
}

async function folderOf(
  ctx: AppContext,
  teamId: number,
  itemId: string,
  data: Record<string, unknown> | undefined,
): Promise<string | undefined> {
  if (typeof data?.folder_id === 'string') return data.folder_id;
  const item = await findItemAnyState(ctx.db, teamId, itemId);
  return item && !item.deletedAt ? item.folderId : undefined;
}

async function commentItemId(ctx: AppContext, teamId: number, commentId: string) {
  const [row] = await ctx.db
    .select({ itemId: comments.itemId })
    .from(comments)
    .where(and(eq(comments.teamId, teamId), eq(comments.id, commentId)))
    .limit(1);
  return row?.itemId;
}

const RUN_COLUMNS = {
  team_id: 'integer',
  automation_id: 'uuid',
  board_id: 'text',
  run_key: 'text',
  item_id: 'text',
  occurrence: 'jsonb',
  depth: 'integer',
  actor_id: 'integer',
} as const;

/**
 * Writes the runs a batch asked for and their jobs in one transaction: a run whose key is taken
 * (the same event handed out again) is skipped, and only new runs get a job.
 */
export async function queueRuns(ctx: AppContext, runs: readonly WantedRun[]): Promise<void> {
  if (runs.length === 0) return;
  const jobs = await ctx.db.transaction((tx) => insertRuns(ctx, tx, runs));
  if (jobs > 0) ctx.jobs.wake(AUTOMATION_RUN_JOB);
}

/** Writes runs and their jobs in the caller's transaction; answers how many were new. */
export async function insertRuns(ctx: AppContext, tx: DbOrTx, runs: readonly WantedRun[]): Promise<number> {
  if (runs.length === 0) return 0;
  const result = await tx.execute(
    sql`${insertJsonRows(
      automationRuns,
      RUN_COLUMNS,
      runs.map((run) => ({
        team_id: run.automation.teamId,
        automation_id: run.automation.id,
        board_id: run.automation.boardId,
        run_key: run.runKey,
        item_id: run.itemId,
        occurrence: run.occurrence,
        depth: run.depth,
        actor_id: run.actorId,
      })),
    )} ON CONFLICT (automation_id, run_key) DO NOTHING RETURNING id, team_id`,
  );
  const { rows } = rowsOf<{ id: string; team_id: number | string }>(result);
  const list: AutomationRunJob[] = rows.map((row) => ({ teamId: Number(row.team_id), runId: row.id }));
  await ctx.jobs.enqueueMany(tx, AUTOMATION_RUN_JOB, list);
  return list.length;
}
