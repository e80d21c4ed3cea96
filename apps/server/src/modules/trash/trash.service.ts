import {
  TRASH_RECORD_TYPES,
  type TrashEntry,
  type TrashPage,
  type TrashRecordType,
} from '@strata/contracts/trash';
import { isNameAttribute } from '@strata/domain/attributes/attribute-definition';
import { AppError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { findBoardAttributes } from '../items/items.repo';
import { toDefinition } from '../items/items.shapes';
import { getTeamAccess } from '../teams/team-access';
import { findDeletedWithItems, findTrashPage, type TrashCursor, type TrashRow } from './trash.repo';
import { requireTrashBoard } from './trash-records';

const KEY_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const badCursor = () =>
  new AppError('VALIDATION_FAILED', {
    message: 'The cursor is not one this list gave.',
    errors: [{ path: 'cursor', message: 'The cursor is not one this list gave.' }],
  });

/** The opaque cursor of the entry a page ended with. */
export function encodeCursor(row: Pick<TrashRow, 'deleted_key' | 'type' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.deleted_key, row.type, row.id])).toString('base64url');
}

/** The entry a cursor names; anything else is a 422. */
export function decodeCursor(cursor: string): TrashCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [key, type, id] = parsed as unknown[];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badCursor();
  if (!TRASH_RECORD_TYPES.includes(type as TrashRecordType)) throw badCursor();
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw badCursor();
  return { key, type: type as TrashRecordType, id };
}

/**
 * A page of a board's trash, newest deletion first (MANAGE_TRASH): deleted items (named by the
 * board's name attribute, with how many subitems went with them), folders and attributes.
 */
export async function listTrash(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
  cursor?: string;
  limit: number;
}): Promise<TrashPage> {
  const { ctx, limit } = options;
  const after = options.cursor === undefined ? null : decodeCursor(options.cursor);
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const teamId = access.team.id;
  const board = await requireTrashBoard(ctx.db, access, options.boardId);
  const nameAttribute = (await findBoardAttributes(ctx.db, teamId, board.id)).find((attribute) =>
    isNameAttribute(toDefinition(attribute)),
  );
  const rows = await findTrashPage(ctx.db, {
    teamId,
    boardId: board.id,
    nameAttributeId: nameAttribute?.id ?? null,
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const itemIds = page.filter((row) => row.type === 'item').map((row) => row.id);
  const subitems = new Map<string, number>();
  for (const { root } of await findDeletedWithItems(ctx.db, teamId, itemIds))
    subitems.set(root, (subitems.get(root) ?? 0) + 1);
  return {
    data: page.map((row) => toTrashEntry(row, subitems.get(row.id) ?? 0)),
    next_cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
  };
}

function toTrashEntry(row: TrashRow, subitemCount: number): TrashEntry {
  return {
    type: row.type,
    id: row.id,
    name: row.name,
    deleted_at: row.deleted_iso,
    folder_id: row.folder_id,
    folder_name: row.folder_name,
    parent_id: row.parent_id,
    attribute_type: row.attribute_type,
    subitem_count: row.type === 'item' ? subitemCount : 0,
  };
}
