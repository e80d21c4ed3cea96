import type { Item, saveItemBody } from '@strata/contracts/items';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { ItemRow } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { runWrite } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import { type PreparedCreate, prepareItemCreate, writeItemCreates } from './item-create';
import { itemReads } from './item-reads';
import { findTakenItemIds } from './items.repo';
import { putItem } from './items.service';
import { toItem } from './items.shapes';

type SaveItemBody = z.infer<typeof saveItemBody>;

interface PendingCreate {
  user: UserRow;
  id: string;
  body: SaveItemBody;
  resolve(item: Item): void;
  reject(error: unknown): void;
}

/** A workspace's creates waiting for the batch in flight to finish. */
interface TeamQueue {
  waiting: PendingCreate[];
  busy: boolean;
}

/**
 * Group commit of item creates (ARCHITECTURE.md section 6): creates of a workspace that arrive
 * while its previous batch is being written wait and are then written together, in one
 * transaction per person: the folder, board, attributes and members are read once, every item is
 * checked by the same `prepareItemCreate` as a single save, and the items, their events, their
 * delta-sync notes and their activity rows go in one multi-row statement each. A create that
 * fails its checks fails alone; an id that exists (or is taken meanwhile, or comes twice in one
 * batch) is answered by the single save, as is every create of a batch whose transaction itself
 * failed.
 */
export function createItemCreateBatcher(ctx: AppContext) {
  const queues = new Map<number, TeamQueue>();

  async function writeBatch(teamId: number, user: UserRow, batch: PendingCreate[]): Promise<void> {
    const settled = new Set<PendingCreate>();
    const settle = (pending: PendingCreate, outcome: () => void) => {
      settled.add(pending);
      outcome();
    };
    try {
      const access = await getTeamAccess(ctx, teamId, user);
      const { written, taken } = await ctx.db.transaction(async (tx) => {
        const scope = { ctx, tx, access, user, now: ctx.clock.now() };
        const reads = itemReads(scope);
        // A save at row_version 1 of an id that exists is answered as that save alone answers it.
        const existing = await findTakenItemIds(
          tx,
          batch.map((pending) => pending.id),
        );
        const ready: { pending: PendingCreate; create: PreparedCreate }[] = [];
        const taken: PendingCreate[] = [];
        const claimed = new Set<string>();
        for (const pending of batch) {
          // A second create of the same id in one batch finds the first one's item, as it would alone.
          if (existing.has(pending.id) || claimed.has(pending.id)) {
            taken.push(pending);
            continue;
          }
          try {
            ready.push({ pending, create: await prepareItemCreate(scope, pending.id, pending.body, reads) });
            claimed.add(pending.id);
          } catch (error) {
            // Checks only read: a refused create leaves the transaction usable for the others.
            settle(pending, () => pending.reject(error));
          }
        }
        const rows = await writeItemCreates(
          scope,
          ready.map(({ create }) => create),
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        const written: { pending: PendingCreate; row: ItemRow }[] = [];
        for (const { pending } of ready) {
          const row = byId.get(pending.id);
          if (row) written.push({ pending, row });
          else taken.push(pending);
        }
        return { written, taken };
      });
      for (const { pending, row } of written) settle(pending, () => pending.resolve(toItem(row)));
      for (const pending of taken) {
        settled.add(pending);
        runWrite(ctx, user, teamId, (scope) => putItem(scope, pending.id, pending.body)).then(
          pending.resolve,
          pending.reject,
        );
      }
    } catch {
      // The batch as a whole failed (a database error, or the workspace is not the caller's):
      // each create not yet answered runs alone and gets its own answer.
      for (const pending of batch) {
        if (settled.has(pending)) continue;
        runWrite(ctx, user, teamId, (scope) => putItem(scope, pending.id, pending.body)).then(
          pending.resolve,
          pending.reject,
        );
      }
    }
  }

  async function drain(teamId: number, queue: TeamQueue): Promise<void> {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting;
      queue.waiting = [];
      const byUser = new Map<number, PendingCreate[]>();
      for (const pending of batch)
        byUser.set(pending.user.id, [...(byUser.get(pending.user.id) ?? []), pending]);
      for (const creates of byUser.values()) await writeBatch(teamId, creates[0]!.user, creates);
    }
    queue.busy = false;
    queues.delete(teamId);
  }

  return {
    /** Creates an item (a PUT at row_version 1) in the next batch of its workspace. */
    submit(user: UserRow, teamId: number, id: string, body: SaveItemBody): Promise<Item> {
      return new Promise<Item>((resolve, reject) => {
        let queue = queues.get(teamId);
        if (!queue) {
          queue = { waiting: [], busy: false };
          queues.set(teamId, queue);
        }
        queue.waiting.push({ user, id, body, resolve, reject });
        if (queue.busy) return;
        queue.busy = true;
        const started = queue;
        // The creates that arrive in this turn of the event loop join the first batch.
        setImmediate(() => void drain(teamId, started));
      });
    },
  };
}
