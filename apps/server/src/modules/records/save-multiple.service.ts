import type { SaveMultipleOperation, SaveMultipleResult, saveItemBody } from '@strata/contracts/items';
import { AppError, type FieldError } from '@strata/domain/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { issueFieldError } from '../../http/field-errors';
import { type PreparedCreate, prepareItemCreate, writeItemCreates } from '../items/item-create';
import { itemReads } from '../items/item-reads';
import { findTakenItemIds } from '../items/items.repo';
import { putItem } from '../items/items.service';
import { toItem } from '../items/items.shapes';
import { RECORD_COLLECTIONS } from './record-collections';
import { runWrite, type WriteScope } from './write-scope';

type SaveItemBody = z.infer<typeof saveItemBody>;

/** An operation's error, naming the operation: `params.index`, and paths under `{index}.body`. */
function atIndex(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, {
    message: error.message,
    errors: error.errors?.map((e) => ({ ...e, path: `${index}.body${e.path ? `.${e.path}` : ''}` })),
    type: error.type,
    params: { ...error.params, index },
    current: error.current,
    users: error.users,
  });
}

/** Each operation's id and body checked against its own route's schemas, before anything runs. */
function parseOperation(
  operation: SaveMultipleOperation,
  index: number,
  errors: (FieldError & { index: number })[],
) {
  const collection = RECORD_COLLECTIONS[operation.type];
  const id = collection.id.safeParse(operation.id);
  if (!id.success) errors.push({ index, ...issueFieldError(`${index}.id`, id.error.issues[0]!) });
  if (operation.op === 'delete') return { operation, collection, body: undefined };
  const body = collection.body.safeParse(operation.body ?? {});
  if (!body.success)
    for (const issue of body.error.issues)
      errors.push({ index, ...issueFieldError([index, 'body', ...issue.path].join('.'), issue) });
  return { operation, collection, body: body.success ? body.data : undefined };
}

/** parseOperation of each, yielding between slices of work; throws every field error at once. */
async function parseOperations(operations: readonly SaveMultipleOperation[], pace: () => Promise<void>) {
  const errors: (FieldError & { index: number })[] = [];
  const parsed: ReturnType<typeof parseOperation>[] = [];
  for (const [index, operation] of operations.entries()) {
    await pace();
    parsed.push(parseOperation(operation, index, errors));
  }
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: errors[0]!.message,
      errors: errors.map(({ index: _index, ...error }) => error),
      params: { index: errors[0]!.index },
    });
  }
  return parsed;
}

/** Work done between two yields to the event loop: other requests are answered in between. */
const SLICE_MS = 20;
/** Item creates written per multi-row statement. */
const CREATES_PER_WRITE = 10;

type Parsed = ReturnType<typeof parseOperation>;
type Results = SaveMultipleResult['results'];

/**
 * Applies a batch of puts and deletes of boards, folders, attributes and items in ONE
 * transaction, in order, with the same functions as their single routes (so the same rules,
 * events and delta-sync notes). All or nothing: the first operation that fails rolls the whole
 * batch back, and its error carries `params.index`. This is how a board is created with its first
 * folder and its name attribute at once.
 *
 * A batch is at most SAVE_MULTIPLE_MAX operations (the contract), and it never holds the event
 * loop for long: it yields after every 20 ms of work, so the health check and other requests are
 * answered meanwhile (PGlite runs each query on the main thread, and a chain of awaited queries
 * alone never lets timers or sockets in). Consecutive item creates are checked one by one, as a
 * single save checks them, and written 200 at a time in one multi-row statement each, as the
 * group commit of concurrent creates writes them (items/item-create.ts).
 */
export async function saveMultiple(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  operations: readonly SaveMultipleOperation[];
}): Promise<SaveMultipleResult> {
  const pace = pacer();
  const parsed = await parseOperations(options.operations, pace);
  return runWrite(options.ctx, options.user, options.teamId, async (scope) => {
    const results: Results = [];
    let creates: { index: number; id: string; body: SaveItemBody }[] = [];
    const flush = async () => {
      const run = creates;
      creates = [];
      for (let start = 0; start < run.length; start += CREATES_PER_WRITE)
        await writeCreates(scope, run.slice(start, start + CREATES_PER_WRITE), results, pace);
    };
    for (const [index, { operation, collection, body }] of parsed.entries()) {
      await pace();
      const { type, id, op } = operation;
      if (isItemCreate(operation, body)) {
        // A create under an item made earlier in this batch needs that item written first.
        const parentId = body.parent_id ?? null;
        if (parentId !== null && creates.some((create) => create.id === parentId)) await flush();
        creates.push({ index, id, body });
        results.push({ type, id, op });
        continue;
      }
      await flush();
      try {
        if (op === 'put') results.push({ type, id, op, record: await collection.put(scope, id, body) });
        else {
          await collection.remove(scope, id);
          results.push({ type, id, op });
        }
      } catch (error) {
        throw atIndex(error, index);
      }
    }
    await flush();
    return { results };
  });
}

const isItemCreate = (operation: SaveMultipleOperation, body: Parsed['body']): body is SaveItemBody =>
  operation.type === 'item' && operation.op === 'put' && (body as SaveItemBody).row_version === 1;

/** A function to await between pieces of work: it yields once SLICE_MS of work went by. */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * Writes a run of item creates of one batch: each checked by prepareItemCreate (the folder,
 * board and attributes read once for the run), then all in one multi-row statement. An id that
 * exists, or comes twice, is saved alone by putItem, which answers it as a single save would.
 */
async function writeCreates(
  scope: WriteScope,
  run: readonly { index: number; id: string; body: SaveItemBody }[],
  results: Results,
  pace: () => Promise<void>,
): Promise<void> {
  const taken = await findTakenItemIds(
    scope.tx,
    run.map((create) => create.id),
  );
  const reads = itemReads(scope);
  const ready: { index: number; create: PreparedCreate }[] = [];
  const alone: { index: number; id: string; body: SaveItemBody }[] = [];
  const seen = new Set<string>();
  for (const create of run) {
    await pace();
    if (taken.has(create.id) || seen.has(create.id)) {
      alone.push(create);
      continue;
    }
    seen.add(create.id);
    try {
      const prepared = await prepareItemCreate(scope, create.id, create.body, reads);
      // In the board's plan (links, scheduled dates): saved alone, which plans it.
      if (prepared.plan) alone.push(create);
      else ready.push({ index: create.index, create: prepared });
    } catch (error) {
      throw atIndex(error, create.index);
    }
  }
  const rows = await writeItemCreates(
    scope,
    ready.map(({ create }) => create),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { index, create } of ready) {
    const row = byId.get(create.row.id);
    if (!row) throw atIndex(new AppError('CONFLICT'), index);
    results[index] = { ...results[index]!, record: toItem(row) };
  }
  for (const { index, id, body } of alone) {
    await pace();
    try {
      results[index] = { ...results[index]!, record: await putItem(scope, id, body) };
    } catch (error) {
      throw atIndex(error, index);
    }
  }
}
