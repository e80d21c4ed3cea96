import { type Item, itemSchema, type saveItemBody } from '@strata/contracts/items';
import { AppError } from '@strata/domain/errors';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { type DeferredAnswer, findUsedKeys, storeDeferredAnswers } from '../../http/idempotency';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { groupCommit } from './group-commit';
import type { CreateClaim } from './item-create-batcher';
import { isInPlaceEdit, type PreparedEdit, prepareItemEdit, writeItemEdits } from './item-edit';
import { announceItemUpdates } from './item-events';
import { itemReads, rememberStructure } from './item-reads';
import { findItemsAnyState } from './items.repo';
import { toItem } from './items.shapes';

type SaveItemBody = z.infer<typeof saveItemBody>;

/**
 * An edit written by its batch (with its answer serialised as the route sends it when it had an
 * idempotency key: that text is what the key stored), or one the caller must run alone: a move,
 * a second edit of the same item in one batch, a key used before, a batch that failed as a whole.
 */
export type EditOutcome = { kind: 'written'; item: Item; body?: string } | { kind: 'alone' };

interface PendingEdit {
  user: UserRow;
  id: string;
  body: SaveItemBody;
  claim?: CreateClaim;
  resolve(outcome: EditOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit of item edits (saves of an existing item, compare-and-set on row_version): the
 * edits of a workspace that arrive while its previous batch is being written are written
 * together, by everyone who sent them, in one transaction. The items are read in one query and
 * their folders and boards once; each edit is checked for its own sender by the same
 * `prepareItemEdit` as a single save (its folder, EDIT_ALL_ITEMS or EDIT_OWN_ITEMS, every value),
 * and then the items go in one UPDATE that keeps each one's compare-and-set, their events (each by
 * its sender), delta-sync notes and activity rows in one statement, their idempotency keys with
 * their answers in one INSERT. An edit refused by its checks, or based on another row_version
 * than the stored one (409 with the server's copy), fails alone. Moves, a second edit of an item
 * already in the batch, keys seen before, edits that lost their compare-and-set to another
 * process and every edit of a batch whose transaction failed run alone after it, as a single save.
 * Each edit is answered only after its batch committed.
 */
export function createItemEditBatcher(ctx: AppContext) {
  const batches = groupCommit<PendingEdit>((teamId, batch) => writeBatch(ctx, teamId, batch));
  return {
    /** Saves an existing item (a PUT above row_version 1) in its workspace's next batch. */
    submit(
      user: UserRow,
      teamId: number,
      id: string,
      body: SaveItemBody,
      claim?: CreateClaim,
    ): Promise<EditOutcome> {
      return new Promise<EditOutcome>((resolve, reject) =>
        batches.add(teamId, { user, id, body, claim, resolve, reject }),
      );
    },
  };
}

async function writeBatch(ctx: AppContext, teamId: number, batch: PendingEdit[]): Promise<void> {
  const settled = new Set<PendingEdit>();
  const settle = (pending: PendingEdit, outcome: () => void) => {
    settled.add(pending);
    outcome();
  };
  // Each sender's standing (kept in memory): one who is not a member is refused alone.
  const standings = new Map<number, Promise<TeamAccess>>();
  const senders: { pending: PendingEdit; access: TeamAccess }[] = [];
  for (const pending of batch) {
    let standing = standings.get(pending.user.id);
    if (!standing) {
      standing = getTeamAccess(ctx, teamId, pending.user);
      standings.set(pending.user.id, standing);
    }
    try {
      senders.push({ pending, access: await standing });
    } catch (error) {
      settle(pending, () => pending.reject(error));
    }
  }
  try {
    const { written, alone } = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const stored = await findItemsAnyState(
        tx,
        teamId,
        senders.map(({ pending }) => pending.id),
      );
      const claims = senders.flatMap(({ pending }) => (pending.claim ? [pending.claim] : []));
      const usedKeys = await findUsedKeys(tx, claims);
      const structure = rememberStructure(tx, teamId, ctx.caches.structure);
      const readsOf = new Map<number, ReturnType<typeof itemReads>>();
      const ready: { pending: PendingEdit; edit: PreparedEdit }[] = [];
      const alone: PendingEdit[] = [];
      const editing = new Set<string>();
      const keys = new Set<string>();
      for (const { pending, access } of senders) {
        const key = pending.claim && `${pending.claim.userId}:${pending.claim.key}`;
        const existing = stored.get(pending.id);
        if (
          editing.has(pending.id) ||
          (key && (usedKeys.has(key) || keys.has(key))) ||
          (existing && !existing.deletedAt && !isInPlaceEdit(existing, pending.body))
        ) {
          alone.push(pending);
          continue;
        }
        try {
          if (!existing || existing.deletedAt) throw new AppError('NOT_FOUND');
          const scope: WriteScope = { ctx, tx, access, user: pending.user, now };
          let reads = readsOf.get(pending.user.id);
          if (!reads) {
            reads = itemReads(scope, structure);
            readsOf.set(pending.user.id, reads);
          }
          const edit = await prepareItemEdit(scope, existing, pending.body, reads);
          // A change of the board's plan moves other items: saved alone (items.service.ts).
          if (edit.plan) {
            alone.push(pending);
            continue;
          }
          // Based on another copy than the stored one: the compare-and-set would fail.
          if (existing.rowVersion !== pending.body.row_version - 1)
            throw new AppError('CONFLICT', { current: toItem(existing) });
          ready.push({ pending, edit });
          editing.add(pending.id);
          if (key) keys.add(key);
        } catch (error) {
          // Checks only read: a refused edit leaves the transaction usable for the others.
          settle(pending, () => pending.reject(error));
        }
      }
      const ids = await writeItemEdits(
        tx,
        teamId,
        ready.map(({ edit }) => edit),
      );
      const written: { pending: PendingEdit; outcome: EditOutcome; edit: PreparedEdit }[] = [];
      const answers: DeferredAnswer[] = [];
      for (const { pending, edit } of ready) {
        if (!ids.has(pending.id)) {
          alone.push(pending);
          continue;
        }
        const item = toItem(edit.next);
        if (!pending.claim) {
          written.push({ pending, edit, outcome: { kind: 'written', item } });
          continue;
        }
        // Serialised as the route's response schema would (fastify-type-provider-zod), once:
        // the key keeps exactly the text the client gets.
        const body = JSON.stringify(z.encode(itemSchema, item));
        answers.push({ ...pending.claim, body });
        written.push({ pending, edit, outcome: { kind: 'written', item, body } });
      }
      const boards = [...new Set(written.map(({ edit }) => edit.next.boardId))];
      await announceItemUpdates(
        tx,
        written.map(({ pending, edit }) => ({
          row: edit.next,
          actorId: pending.user.id,
          changes: edit.changes,
          previous: edit.previous,
        })),
        (await Promise.all(boards.map((boardId) => structure.boardFolders(boardId)))).flat(),
      );
      await storeDeferredAnswers(tx, answers, now);
      return { written, alone };
    });
    for (const { pending, outcome } of written) settle(pending, () => pending.resolve(outcome));
    for (const pending of alone) settle(pending, () => pending.resolve({ kind: 'alone' }));
  } catch {
    // The batch as a whole failed (a database error): each edit not yet answered runs alone and
    // gets its own answer.
    for (const pending of batch) if (!settled.has(pending)) pending.resolve({ kind: 'alone' });
  }
}
