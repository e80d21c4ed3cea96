import { type Item, itemSchema, type saveItemBody } from '@strata/contracts/items';
import { AppError } from '@strata/domain/errors';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { type DeferredAnswer, findUsedKeys, storeDeferredAnswers } from '../../http/idempotency';
import { insertFormAnswers, type NewFormAnswer } from '../forms/form-answer-notes';
import { getTeamAccess } from '../teams/team-access';
import { groupCommit } from './group-commit';
import { type PreparedCreate, prepareItemCreate, writeItemCreates } from './item-create';
import { itemReads } from './item-reads';
import { findTakenItemIds } from './items.repo';
import { toItem } from './items.shapes';

type SaveItemBody = z.infer<typeof saveItemBody>;

/** An idempotency key the create writes with its answer (http/idempotency.ts, deferred keys). */
export type CreateClaim = Omit<DeferredAnswer, 'body'>;

/**
 * A create written by its batch (with its answer serialised as the route sends it when it had a
 * key: that text is what the key stored), or one the caller must run alone: an id that exists,
 * a key used before, a batch that failed as a whole.
 */
export type CreateOutcome = { kind: 'written'; item: Item; body?: string } | { kind: 'alone' };

interface PendingCreate {
  user: UserRow;
  id: string;
  body: SaveItemBody;
  claim?: CreateClaim;
  /** A public form's answer: noted with the item, its challenge spent (forms/form-submissions.ts). */
  formAnswer?: NewFormAnswer;
  resolve(outcome: CreateOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit of item creates (ARCHITECTURE.md section 6): creates of a workspace that arrive
 * while its previous batch is being written wait and are then written together, in one
 * transaction per person: the folder, board, attributes and members are read once, every item is
 * checked by the same `prepareItemCreate` as a single save, and the items, their events, their
 * delta-sync notes and their activity rows go in one multi-row statement each. A create that
 * fails its checks fails alone; an id that exists (the batch's INSERT skips it, ON CONFLICT DO
 * NOTHING: the ids are read first only for creates that number a custom ID) or comes twice in one
 * batch is answered by the single save, as is every create of a batch whose transaction itself
 * failed. A create's idempotency key is written with its answer in the batch's transaction: one
 * read of the batch's keys and one INSERT, instead of a claim and an update per request.
 */
/**
 * The form answers among `ready` noted in one statement; an answer whose challenge was spent
 * (before, or by an earlier create of this batch) is taken out of `ready` and refused.
 */
async function noteFormAnswers(
  tx: DbOrTx,
  ready: { pending: PendingCreate }[],
  refuse: (pending: PendingCreate) => void,
): Promise<void> {
  const answers = ready.flatMap(({ pending }) => (pending.formAnswer ? [pending.formAnswer] : []));
  if (answers.length === 0) return;
  const noted = await insertFormAnswers(tx, answers);
  const taken = new Set<string>();
  for (let at = 0; at < ready.length; at++) {
    const { pending } = ready[at]!;
    const hash = pending.formAnswer?.challengeHash;
    if (hash === undefined) continue;
    if (noted.has(hash) && !taken.has(hash)) {
      taken.add(hash);
      continue;
    }
    ready.splice(at--, 1);
    refuse(pending);
  }
}

/** Moves the creates among `ready` that would number a custom ID for an id that exists to `taken`. */
async function setAsideTakenNumbered(
  tx: DbOrTx,
  ready: { pending: PendingCreate; create: PreparedCreate }[],
  taken: PendingCreate[],
): Promise<void> {
  const numbered = ready.filter(({ create }) => create.customIdAttributeId);
  if (numbered.length === 0) return;
  const existing = await findTakenItemIds(
    tx,
    numbered.map(({ pending }) => pending.id),
  );
  for (let at = 0; at < ready.length; at++) {
    if (!existing.has(ready[at]!.pending.id)) continue;
    taken.push(ready[at]!.pending);
    ready.splice(at--, 1);
  }
}

export type ItemCreateBatcher = ReturnType<typeof createItemCreateBatcher>;

export function createItemCreateBatcher(ctx: AppContext) {
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
        // A key seen before is replayed (or refused) as on every route: the create runs alone.
        const claims = batch.flatMap((pending) => (pending.claim ? [pending.claim] : []));
        const usedKeys = await findUsedKeys(tx, claims);
        const ready: { pending: PendingCreate; create: PreparedCreate }[] = [];
        const taken: PendingCreate[] = [];
        const claimed = new Set<string>();
        const keys = new Set<string>();
        for (const pending of batch) {
          const key = pending.claim && `${pending.claim.userId}:${pending.claim.key}`;
          // A second create of the same id in one batch finds the first one's item, as it would alone.
          if (claimed.has(pending.id) || (key && (usedKeys.has(key) || keys.has(key)))) {
            taken.push(pending);
            continue;
          }
          try {
            const create = await prepareItemCreate(scope, pending.id, pending.body, reads);
            // A new item in the board's plan may be pushed by its predecessors: saved alone.
            if (create.plan) {
              taken.push(pending);
              continue;
            }
            ready.push({ pending, create });
            claimed.add(pending.id);
            if (key) keys.add(key);
          } catch (error) {
            // Checks only read: a refused create leaves the transaction usable for the others.
            settle(pending, () => pending.reject(error));
          }
        }
        // A custom ID is numbered before the INSERT: a create of an id that exists must not take
        // a number (they stay gapless), so only those creates are checked against the ids first.
        await setAsideTakenNumbered(tx, ready, taken);
        await noteFormAnswers(tx, ready, (pending) =>
          settle(pending, () => pending.reject(new AppError('CHALLENGE_FAILED'))),
        );
        const rows = await writeItemCreates(
          scope,
          ready.map(({ create }) => create),
          reads.structure,
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        const written: { pending: PendingCreate; outcome: CreateOutcome }[] = [];
        const answers: DeferredAnswer[] = [];
        for (const { pending } of ready) {
          const row = byId.get(pending.id);
          if (!row) {
            taken.push(pending);
            continue;
          }
          const item = toItem(row);
          if (!pending.claim) {
            written.push({ pending, outcome: { kind: 'written', item } });
            continue;
          }
          // Serialised as the route's response schema would (fastify-type-provider-zod), once:
          // the key keeps exactly the text the client gets.
          const body = JSON.stringify(z.encode(itemSchema, item));
          answers.push({ ...pending.claim, body });
          written.push({ pending, outcome: { kind: 'written', item, body } });
        }
        await storeDeferredAnswers(tx, answers, scope.now);
        return { written, taken };
      });
      for (const { pending, outcome } of written) settle(pending, () => pending.resolve(outcome));
      for (const pending of taken) settle(pending, () => pending.resolve({ kind: 'alone' }));
    } catch {
      // The batch as a whole failed (a database error, or the workspace is not the caller's):
      // each create not yet answered runs alone and gets its own answer.
      for (const pending of batch) if (!settled.has(pending)) pending.resolve({ kind: 'alone' });
    }
  }

  const batches = groupCommit<PendingCreate>(async (teamId, batch) => {
    const byUser = new Map<number, PendingCreate[]>();
    for (const pending of batch)
      byUser.set(pending.user.id, [...(byUser.get(pending.user.id) ?? []), pending]);
    for (const creates of byUser.values()) await writeBatch(teamId, creates[0]!.user, creates);
  });

  return {
    /**
     * Creates an item (a PUT at row_version 1) in the next batch of its workspace, with its
     * idempotency key when `claim` is given.
     */
    submit(
      user: UserRow,
      teamId: number,
      id: string,
      body: SaveItemBody,
      claim?: CreateClaim,
      formAnswer?: NewFormAnswer,
    ): Promise<CreateOutcome> {
      return new Promise<CreateOutcome>((resolve, reject) =>
        batches.add(teamId, { user, id, body, claim, formAnswer, resolve, reject }),
      );
    },
  };
}
