import type { BoardSharing, SaveBoardSharing, VisitorRights } from '@strata/contracts/public-boards';
import { AppError } from '@strata/domain/errors';
import type { Action } from '@strata/domain/permissions/actions';
import { isBoardPublic } from '@strata/domain/permissions/engine';
import { formatKey, parseKey } from '@strata/domain/permissions/rules';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type BoardSharingColumn, boards } from '../../db/schema/boards';
import { type UserRow, users } from '../../db/schema/users';
import { storePermissionRecord } from '../teams/permission-record-store';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { boardCan, boardLevels } from './board-access';
import { type BoardWithRecord, findBoard } from './boards.repo';
import { requireListedBoard } from './boards.service';

/**
 * What making a board public gives the guest user (docs/public-boards.md): seeing the board and
 * its folders. Private and hidden folders stay closed to them (a private folder's VIEW_FOLDER is
 * final; a hidden one asks EDIT_FOLDERS as well).
 */
const guestKey = (action: Action) => formatKey({ action, allow: true, subject: 'tag:guest_user' });
const PUBLIC_KEYS = [guestKey('VIEW_BOARD'), guestKey('VIEW_FOLDER')];

/** What each of the visitors' rights adds to the guest user's keys (docs/public-boards.md). */
const RIGHTS_KEYS: Record<VisitorRights, string[]> = {
  view: [],
  edit_own: [guestKey('CREATE_ITEMS'), guestKey('EDIT_OWN_ITEMS')],
  edit_all: [guestKey('CREATE_ITEMS'), guestKey('EDIT_ALL_ITEMS')],
};

const COMMENT_KEY = guestKey('ADD_COMMENTS');

const isGuestUserKey = (key: string) => parseKey(key)?.subject === 'tag:guest_user';

/** Whether the board's record lets visitors comment. */
export function visitorCommentsOf(board: Pick<BoardWithRecord, 'permissionRecord'>): boolean {
  return (board.permissionRecord?.permissions ?? []).includes(COMMENT_KEY);
}

/** The visitors' rights the board's record gives, read back from its guest-user keys. */
export function visitorRightsOf(board: Pick<BoardWithRecord, 'permissionRecord'>): VisitorRights {
  const keys = new Set(board.permissionRecord?.permissions ?? []);
  if (!keys.has(guestKey('CREATE_ITEMS'))) return 'view';
  if (keys.has(guestKey('EDIT_ALL_ITEMS'))) return 'edit_all';
  return keys.has(guestKey('EDIT_OWN_ITEMS')) ? 'edit_own' : 'view';
}

/** The sharing settings as stored, with their defaults. */
export function sharingOf(board: Pick<BoardWithRecord, 'sharing'>): Required<BoardSharingColumn> {
  const stored = board.sharing ?? {};
  return {
    show_folders: stored.show_folders !== false,
    feature_image: typeof stored.feature_image === 'string' ? stored.feature_image : null,
    shared_by: stored.shared_by ?? 0,
    shared_at: stored.shared_at ?? '',
  };
}

/** Whether the board is public: its workspace's chain and its own levels let the guest user in. */
export function isPublic(access: Pick<TeamAccess, 'levels'>, board: BoardWithRecord): boolean {
  return isBoardPublic([...access.levels, ...boardLevels(board)]);
}

async function toSharing(db: DbOrTx, access: TeamAccess, board: BoardWithRecord): Promise<BoardSharing> {
  const sharing = sharingOf(board);
  const isOpen = isPublic(access, board);
  const [sharer] =
    isOpen && sharing.shared_by > 0
      ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, sharing.shared_by))
      : [];
  return {
    board_id: board.id,
    is_public: isOpen,
    show_folders: sharing.show_folders,
    feature_image: sharing.feature_image,
    visitor_rights: isOpen ? visitorRightsOf(board) : 'view',
    visitor_comments: isOpen && visitorCommentsOf(board),
    path: `/b/${board.id}`,
    shared_by: sharer ?? null,
    shared_at: isOpen && sharing.shared_at ? sharing.shared_at : null,
  };
}

/** GET .../boards/{boardId}/sharing: for anyone who sees the board (404 otherwise). */
export async function getBoardSharing(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<BoardSharing> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireListedBoard(options.ctx.db, access, options.boardId);
  return toSharing(options.ctx.db, access, board);
}

/**
 * PUT .../boards/{boardId}/sharing (UPDATE_BOARD_DETAILS, else 403): public or not, and how it
 * shows. Public writes the guest user's keys into the board's permission record (replacing any
 * guest-user keys it had) and keeps who shared it; not public takes every guest-user key out. The
 * record is written with compare-and-set on its row_version, so a concurrent save of the board's
 * permissions is never overwritten: the loser gets 409.
 */
export async function saveBoardSharing(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
  body: SaveBoardSharing;
}): Promise<BoardSharing> {
  const { ctx, user, body } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const board = await requireListedBoard(tx, access, options.boardId);
    if (!boardCan(access, board)('UPDATE_BOARD_DETAILS')) throw new AppError('FORBIDDEN');
    const record = board.permissionRecord;
    const kept = (record?.permissions ?? []).filter((key) => !isGuestUserKey(key));
    const rights = body.visitor_rights ?? visitorRightsOf(board);
    const comments = (body.visitor_comments ?? visitorCommentsOf(board)) ? [COMMENT_KEY] : [];
    const permissions = body.is_public
      ? [...kept, ...PUBLIC_KEYS, ...RIGHTS_KEYS[rights], ...comments]
      : kept;
    const isWritten = await storePermissionRecord(tx, {
      teamId,
      resourceType: 'board',
      resourceId: board.id,
      permissions,
      finalPermissions: [...(record?.final_permissions ?? [])],
      rowVersion: (record?.row_version ?? 0) + 1,
      now: ctx.clock.now(),
      actorId: user.id,
    });
    if (!isWritten) return undefined;
    const previous = sharingOf(board);
    const wasPublic = isPublic(access, board);
    const sharing: BoardSharingColumn = {
      show_folders: body.show_folders ?? previous.show_folders,
      feature_image: body.feature_image === undefined ? previous.feature_image : body.feature_image,
      ...(body.is_public
        ? wasPublic && previous.shared_by > 0
          ? { shared_by: previous.shared_by, shared_at: previous.shared_at }
          : { shared_by: user.id, shared_at: ctx.clock.now().toISOString() }
        : {}),
    };
    await tx
      .update(boards)
      .set({ sharing })
      .where(and(eq(boards.teamId, teamId), eq(boards.id, board.id)));
    const permissionRecord = {
      permissions,
      final_permissions: [...(record?.final_permissions ?? [])],
      row_version: (record?.row_version ?? 0) + 1,
    };
    return toSharing(tx, access, { ...board, sharing, permissionRecord });
  });
  if (saved) return saved;
  const current = await findBoard(ctx.db, teamId, options.boardId);
  if (!current) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { current: await toSharing(ctx.db, access, current) });
}
