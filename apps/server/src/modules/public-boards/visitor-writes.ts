import { randomUUID } from 'node:crypto';
import type { Item } from '@strata/contracts/items';
import type { AddPublicItem, EditPublicItem, PublicItem } from '@strata/contracts/public-boards';
import { AppError } from '@strata/domain/errors';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema/users';
import { sharingOf } from '../boards/board-sharing';
import { folderCan } from '../boards/folder-access';
import { findItemAnyState } from '../items/items.repo';
import { putItem } from '../items/items.service';
import { runWrite, type WriteScope } from '../records/write-scope';
import { findTeamAccess } from '../teams/team-access';
import {
  findOwnItemIds,
  markVisitorActivity,
  noteVisitorItem,
  requireVisitorId,
  visitorRightsIn,
} from './board-visitors';
import type { PublicBoardScope } from './public-board';

/** Tries of a visitor's edit when a member's save of the same item lands in between. */
const EDIT_TRIES = 3;

const toPublicItem = (item: Item): PublicItem => ({
  id: item.id,
  folder_id: item.folder_id,
  parent_id: item.parent_id,
  sort_order: item.sort_order,
  created_by: item.created_by,
  values: item.values,
  comments_count: item.comments_count,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

const asValueWrites = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([id, data]) => [id, data === null ? null : { data }]));

/**
 * Who writes for visitors: the member who made the board public, while they are still in the
 * workspace (their own rights are checked by the item write path too, as a form's owner's are).
 */
export async function sharerOf(ctx: AppContext, scope: PublicBoardScope): Promise<UserRow> {
  const { shared_by: sharedBy } = sharingOf(scope.board);
  const [sharer] =
    sharedBy > 0 ? await ctx.db.select().from(users).where(eq(users.id, sharedBy)).limit(1) : [];
  if (!sharer || !(await findTeamAccess(ctx.db, scope.access.team.id, sharer)))
    throw new AppError('FORBIDDEN');
  return sharer;
}

/** A visitor's write in the sharer's name, its activity told as a visitor's. */
async function writeAsVisitor<T>(
  ctx: AppContext,
  scope: PublicBoardScope,
  itemId: string,
  write: (writeScope: WriteScope) => Promise<T>,
): Promise<T> {
  const sharer = await sharerOf(ctx, scope);
  return runWrite(ctx, sharer, scope.access.team.id, async (writeScope) => {
    const result = await write(writeScope);
    await markVisitorActivity(writeScope.tx, {
      teamId: writeScope.access.team.id,
      itemId,
      actorId: sharer.id,
      at: writeScope.now,
    });
    return result;
  });
}

/** A folder of the board the visitor sees, else 404 (as one that does not exist). */
export function visitorFolder(scope: PublicBoardScope, folderId: string) {
  const folder = scope.boardFolders.find((candidate) => candidate.id === folderId);
  if (!folder || !folderCan(scope.access, scope.board, folder.id, scope.boardFolders).canView)
    throw new AppError('NOT_FOUND');
  return folder;
}

/**
 * POST .../folders/{folderId}/items: a visitor adds an item (CREATE_ITEMS for the guest user in
 * the folder) through the item write path, every value checked by its type; it is noted as theirs.
 */
export async function addVisitorItem(options: {
  ctx: AppContext;
  scope: PublicBoardScope;
  folderId: string;
  visitorToken: string | undefined;
  body: AddPublicItem;
}): Promise<PublicItem> {
  const { ctx, scope, body } = options;
  const folder = visitorFolder(scope, options.folderId);
  if (!visitorRightsIn(scope, folder.id).create) throw new AppError('FORBIDDEN');
  const visitorId = await requireVisitorId(ctx, scope, options.visitorToken);
  const id = randomUUID();
  const save = {
    folder_id: folder.id,
    parent_id: body.parent_id ?? null,
    values: asValueWrites(body.values),
    row_version: 1,
  };
  return writeAsVisitor(ctx, scope, id, async (writeScope) => {
    const item = await putItem(writeScope, id, save);
    await noteVisitorItem(writeScope.tx, writeScope.access.team.id, id, visitorId);
    return toPublicItem(item);
  });
}

/**
 * PATCH .../items/{itemId}: a visitor sets values of a live item in a folder they see:
 * EDIT_ALL_ITEMS for the guest user, or EDIT_OWN_ITEMS on an item they added. A visitor holds no
 * row_version: the edit applies to the item as it is now, as its own values only (others stay).
 */
export async function editVisitorItem(options: {
  ctx: AppContext;
  scope: PublicBoardScope;
  itemId: string;
  visitorToken: string | undefined;
  body: EditPublicItem;
}): Promise<PublicItem> {
  const { ctx, scope, itemId } = options;
  const teamId = scope.access.team.id;
  const found = await findItemAnyState(ctx.db, teamId, itemId);
  if (!found || found.deletedAt || found.boardId !== scope.board.id) throw new AppError('NOT_FOUND');
  const rights = visitorRightsIn(scope, visitorFolder(scope, found.folderId).id);
  const visitorId = await requireVisitorId(ctx, scope, options.visitorToken);
  const isOwn = (await findOwnItemIds(ctx.db, teamId, visitorId, [itemId])).length > 0;
  if (!(rights.edit === 'all' || (rights.edit === 'own' && isOwn))) throw new AppError('FORBIDDEN');
  const values = asValueWrites(options.body.values);
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeAsVisitor(ctx, scope, itemId, async (writeScope) => {
        const current = await findItemAnyState(writeScope.tx, teamId, itemId);
        // Moved meanwhile to a folder the visitor does not see, or deleted: gone for them.
        if (!current || current.deletedAt || current.folderId !== found.folderId)
          throw new AppError('NOT_FOUND');
        return toPublicItem(
          await putItem(writeScope, itemId, { values, row_version: current.rowVersion + 1 }),
        );
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT') || attempt >= EDIT_TRIES) throw error;
    }
  }
}
