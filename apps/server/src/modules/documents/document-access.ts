import { AppError } from '@strata/domain/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { items } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { authenticateBearer } from '../auth/sessions.service';
import { boardCan } from '../boards/board-access';
import { canEdit } from '../items/item-edit';
import { requireVisibleFolder } from '../items/item-reads';
import { getTeamAccess } from '../teams/team-access';
import { parseDocumentName } from './document-names';

/** Who opened a document and what they may do with it. */
export interface DocumentAccess {
  userId: number;
  teamId: number;
  itemId: string;
  /** EDIT_ALL_ITEMS, or EDIT_OWN_ITEMS on an item of theirs: else they only read. */
  canWrite: boolean;
}

/**
 * Whether the bearer of `token` may open the document `name`: a live item of the workspace
 * named, in a folder they see (the one rule of folder-access.ts, the board's password included);
 * null for anything else, the same answer whether the item is missing, deleted or hidden.
 */
export async function findDocumentAccess(
  ctx: AppContext,
  token: string,
  name: string,
): Promise<DocumentAccess | null> {
  const place = parseDocumentName(name);
  if (!place || token.length === 0) return null;
  const auth = await authenticateBearer(ctx, token);
  if (!auth) return null;
  try {
    return await requireDocumentAccess(ctx, auth.user, place.teamId, place.itemId);
  } catch {
    return null;
  }
}

/**
 * What `user` may do with the document of the item: a live item of the workspace in a folder they
 * see (else 404, whether the item is missing, deleted or hidden), read-write or read-only.
 */
export async function requireDocumentAccess(
  ctx: AppContext,
  user: UserRow,
  teamId: number,
  itemId: string,
): Promise<DocumentAccess> {
  const access = await getTeamAccess(ctx, teamId, user);
  const [item] = await ctx.db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.teamId, teamId), isNull(items.deletedAt)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  const { board } = await requireVisibleFolder(ctx.db, access, item.folderId);
  return {
    userId: user.id,
    teamId,
    itemId: item.id,
    canWrite: canEdit(boardCan(access, board), item, user.id),
  };
}
