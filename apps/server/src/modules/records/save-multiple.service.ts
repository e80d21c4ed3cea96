import type { SaveMultipleOperation, SaveMultipleResult } from '@strata/contracts/items';
import { AppError, type FieldError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { issueFieldError } from '../../http/field-errors';
import { RECORD_COLLECTIONS } from './record-collections';
import { runWrite } from './write-scope';

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
function parseOperations(operations: readonly SaveMultipleOperation[]) {
  const errors: (FieldError & { index: number })[] = [];
  const parsed = operations.map((operation, index) => {
    const collection = RECORD_COLLECTIONS[operation.type];
    const id = collection.id.safeParse(operation.id);
    if (!id.success) errors.push({ index, ...issueFieldError(`${index}.id`, id.error.issues[0]!) });
    if (operation.op === 'delete') return { operation, collection, body: undefined };
    const body = collection.body.safeParse(operation.body ?? {});
    if (!body.success)
      for (const issue of body.error.issues)
        errors.push({ index, ...issueFieldError([index, 'body', ...issue.path].join('.'), issue) });
    return { operation, collection, body: body.success ? body.data : undefined };
  });
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: errors[0]!.message,
      errors: errors.map(({ index: _index, ...error }) => error),
      params: { index: errors[0]!.index },
    });
  }
  return parsed;
}

/**
 * Applies a batch of puts and deletes of boards, folders, attributes and items in ONE
 * transaction, in order, with the same functions as their single routes (so the same rules,
 * events and delta-sync notes). All or nothing: the first operation that fails rolls the whole
 * batch back, and its error carries `params.index`. This is how a board is created with its first
 * folder and its name attribute at once.
 */
export function saveMultiple(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  operations: readonly SaveMultipleOperation[];
}): Promise<SaveMultipleResult> {
  const parsed = parseOperations(options.operations);
  return runWrite(options.ctx, options.user, options.teamId, async (scope) => {
    const results: SaveMultipleResult['results'] = [];
    for (const [index, { operation, collection, body }] of parsed.entries()) {
      const { type, id, op } = operation;
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
    return { results };
  });
}
