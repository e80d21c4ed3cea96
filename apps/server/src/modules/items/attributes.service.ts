import type { Attribute, saveAttributeBody } from '@strata/contracts/items';
import { isNameAttribute, validateAttributeDefinition } from '@strata/domain/attributes/attribute-definition';
import { AppError } from '@strata/domain/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { type AttributeRow, attributes, items } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { invalidField } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import { requireVisibleBoard } from '../boards/boards.service';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import { announceAttributes, announceItems } from './item-events';
import { memberCheck } from './item-values';
import { findAttributeAnyState, findBoardAttributes, findItems } from './items.repo';
import { toAttribute, toDefinition } from './items.shapes';

type SaveAttributeBody = z.infer<typeof saveAttributeBody>;

/** The attributes of a board the caller sees (404 for a board they do not see). */
export async function listAttributes(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<Attribute[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireVisibleBoard(options.ctx.db, access, options.boardId);
  return (await findBoardAttributes(options.ctx.db, access.team.id, board.id)).map(toAttribute);
}

/**
 * A new custom ID attribute numbers the board's live items, oldest first (the items change, so
 * they are announced and noted), and keeps the last number for the items created after.
 */
async function numberExistingItems(scope: WriteScope, attribute: AttributeRow): Promise<void> {
  const { tx, now } = scope;
  const { teamId, boardId, id } = attribute;
  const result = await tx.execute(sql`
    UPDATE ${items} SET
      values = ${items.values} || jsonb_build_object(${id}::text, jsonb_build_object(
        'id', gen_random_uuid()::text, 'attribute_id', ${id}::text, 'data', numbered.n)),
      row_version = ${items.rowVersion} + 1,
      updated_at = ${now.toISOString()}::timestamptz
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM ${items}
          WHERE team_id = ${teamId} AND board_id = ${boardId} AND deleted_at IS NULL) AS numbered
    WHERE ${items.teamId} = ${teamId} AND ${items.id} = numbered.id
    RETURNING ${items.id}`);
  const ids = rowsOf<{ id: string }>(result).rows.map((row) => row.id);
  const numbered = ids.length === 0 ? [] : await findItems(tx, teamId, ids);
  if (numbered.length === 0) return;
  await tx
    .update(attributes)
    .set({ lastNumber: numbered.length })
    .where(and(eq(attributes.teamId, attribute.teamId), eq(attributes.id, attribute.id)));
  await announceItems(
    tx,
    'item.updated',
    numbered,
    scope.user.id,
    numbered.map((item) => {
      const stored = item.values[attribute.id]!;
      return { item, attributeId: attribute.id, valueId: stored.id, data: stored.data, created: true };
    }),
  );
}

/**
 * Creates (row_version 1) or updates (compare-and-set) an attribute: MANAGE_ATTRIBUTES on a board
 * the caller sees. The domain's `validateAttributeDefinition` checks it against the board's other
 * attributes; board and type are fixed once created.
 */
export async function putAttribute(
  scope: WriteScope,
  id: string,
  body: SaveAttributeBody,
): Promise<Attribute> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const existing = await findAttributeAnyState(tx, teamId, id);
  if (existing?.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(tx, access, existing?.boardId ?? body.board_id);
  if (existing && existing.boardId !== body.board_id) throw invalidField('board_id', 'ATTRIBUTE_BOARD_FIXED');
  if (!existing && body.row_version !== 1) throw new AppError('NOT_FOUND');
  if (!boardCan(access, board)('MANAGE_ATTRIBUTES')) throw new AppError('FORBIDDEN');
  if (existing && existing.type !== body.type) throw invalidField('type', 'ATTRIBUTE_TYPE_FIXED');

  const defaultData = body.default_data === undefined ? existing?.defaultData : body.default_data;
  const named = Array.isArray(defaultData)
    ? defaultData.filter((v): v is number => typeof v === 'number')
    : [];
  const checked = validateAttributeDefinition(
    {
      id,
      name: body.name,
      type: body.type,
      settings: body.settings ?? existing?.settings,
      default_data: defaultData,
    },
    (await findBoardAttributes(tx, teamId, board.id)).map(toDefinition),
    { isMember: body.type === 'members' ? await memberCheck(tx, teamId, named) : undefined },
  );
  if (!checked.ok) {
    throw new AppError('VALIDATION_FAILED', {
      message: checked.errors[0]!.message,
      errors: checked.errors.map((e) => ({
        path: e.path ?? '',
        message: e.message,
        code: e.code,
        params: e.params,
      })),
    });
  }
  const values = {
    name: checked.data.name,
    settings: checked.data.settings as Record<string, unknown>,
    defaultData: checked.data.default_data,
    sortOrder: body.sort_order === undefined ? (existing?.sortOrder ?? null) : body.sort_order,
    updatedAt: now,
    rowVersion: body.row_version,
  };
  if (!existing) {
    // A taken id (a concurrent create, or another workspace's attribute) writes nothing.
    const [row] = await tx
      .insert(attributes)
      .values({
        id,
        teamId,
        boardId: board.id,
        type: body.type,
        createdBy: user.id,
        createdAt: now,
        ...values,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return conflict(scope, id);
    await announceAttributes(tx, 'attribute.created', [row], user.id);
    if (row.type === 'custom_id') await numberExistingItems(scope, row);
    return toAttribute(row);
  }
  // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
  const [row] = await tx
    .update(attributes)
    .set(values)
    .where(
      and(
        eq(attributes.teamId, teamId),
        eq(attributes.id, id),
        isNull(attributes.deletedAt),
        eq(attributes.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return conflict(scope, id);
  await announceAttributes(tx, 'attribute.updated', [row], user.id, { previous: [existing] });
  return toAttribute(row);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if there is none to show. */
async function conflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findAttributeAnyState(scope.tx, scope.access.team.id, id);
  if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
  await requireVisibleBoard(scope.tx, scope.access, current.boardId);
  throw new AppError('CONFLICT', { current: toAttribute(current) });
}

/**
 * Soft-deletes an attribute (MANAGE_ATTRIBUTES); items keep their values of it, so a restore
 * brings them back. The board's name attribute cannot be deleted.
 */
export async function removeAttribute(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const attribute = await findAttributeAnyState(tx, teamId, id);
  if (!attribute || attribute.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(tx, access, attribute.boardId);
  if (!boardCan(access, board)('MANAGE_ATTRIBUTES')) throw new AppError('FORBIDDEN');
  if (isNameAttribute(toDefinition(attribute))) throw invalidField('id', 'NAME_ATTRIBUTE_UNDELETABLE');
  const [row] = await tx
    .update(attributes)
    .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${attributes.rowVersion} + 1` })
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, id), isNull(attributes.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await announceAttributes(tx, 'attribute.deleted', [row], user.id);
}
