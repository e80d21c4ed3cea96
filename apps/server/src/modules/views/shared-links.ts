import type { SharedLink } from '@strata/contracts/shared-links';
import { pageSlug, publishedSiteKey } from '@strata/domain/documents/page-slug';
import { mayChangeView } from '@strata/domain/views/view-permissions';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boards, folders } from '../../db/schema/boards';
import { users } from '../../db/schema/users';
import { folderViews } from '../../db/schema/views';
import { boardCan, canViewBoard } from '../boards/board-access';
import { isPublic, sharingOf, visitorCommentsOf, visitorRightsOf } from '../boards/board-sharing';
import { findBoards } from '../boards/boards.repo';
import { findVisibleFolderIds } from '../boards/folder-access';
import { pageTitles } from '../documents/published-site';
import type { TeamAccess } from '../teams/team-access-types';
import { toView } from './view-records';

/**
 * What of the workspace is open to anyone (docs/documents.md, "Shared links"): its shared forms and
 * published documents sites, in folders the caller sees, newest change first, each with who
 * shared it and whether the caller may stop it (the rule of who may change a view).
 */
export async function listSharedLinks(ctx: AppContext, access: TeamAccess): Promise<SharedLink[]> {
  const teamId = access.team.id;
  const rows = await ctx.db
    .select({ view: folderViews, boardName: boards.name, folderName: folders.name, sharer: users })
    .from(folderViews)
    .innerJoin(folders, and(eq(folders.teamId, folderViews.teamId), eq(folders.id, folderViews.folderId)))
    .innerJoin(boards, and(eq(boards.teamId, folderViews.teamId), eq(boards.id, folderViews.boardId)))
    .leftJoin(users, eq(users.id, folderViews.createdBy))
    .where(
      and(
        eq(folderViews.teamId, teamId),
        isNull(folderViews.deletedAt),
        isNull(folders.deletedAt),
        isNull(boards.deletedAt),
        eq(folderViews.visibility, 'shared'),
        inArray(folderViews.type, ['form', 'documents', 'files']),
        or(
          sql`${folderViews.settings}->>'shared' = 'true'`,
          sql`${folderViews.settings}->>'published' = 'true'`,
          sql`jsonb_typeof(${folderViews.settings}->'shared_pages') = 'array' AND ${folderViews.settings}->'shared_pages' <> '[]'::jsonb`,
        ),
      ),
    );
  const visible = await findVisibleFolderIds(
    ctx.db,
    access,
    rows.map((row) => row.view.folderId),
  );
  const shown = rows.filter((row) => visible.has(row.view.folderId));
  const boardRows = new Map(
    (await findBoards(ctx.db, teamId, [...new Set(shown.map((row) => row.view.boardId))])).map((board) => [
      board.id,
      board,
    ]),
  );
  const titles = await sharedPageTitles(ctx, teamId, shown);
  const links: SharedLink[] = [];
  for (const { view, boardName, folderName, sharer } of shown) {
    const settings = readViewSettings(view.settings);
    const board = boardRows.get(view.boardId);
    const record = toView(view);
    const link = {
      view: record,
      board_id: view.boardId,
      board_name: boardName,
      folder_name: folderName,
      shared_by: sharer ? { id: sharer.id, name: sharer.name } : null,
      changed_at: record.updated_at,
      page_id: null,
      visitors: null,
      can_stop:
        board !== undefined &&
        mayChangeView({
          view,
          userId: access.userId,
          action: 'CUSTOMIZE_TABS',
          can: boardCan(access, board),
        }),
    };
    // The switch that counts is the one of the view's type.
    if (view.type === 'form' && settings.shared)
      links.push({ ...link, kind: 'form', name: view.name, path: `/form/${view.id}` });
    if (view.type === 'files' && settings.published)
      links.push({
        ...link,
        kind: 'files',
        name: view.name,
        path: `/p/${publishedSiteKey(teamId, view.id, 'f')}`,
      });
    if (view.type !== 'documents') continue;
    if (settings.published)
      links.push({ ...link, kind: 'site', name: view.name, path: `/p/${publishedSiteKey(teamId, view.id)}` });
    // Pages shared alone: their address by id redirects to the one with the title.
    for (const pageId of settings.shared_pages) {
      const title = titles.get(view.boardId)?.get(pageId);
      if (title === undefined) continue;
      links.push({
        ...link,
        kind: 'page',
        name: title,
        page_id: pageId,
        path: `/p/${publishedSiteKey(teamId, view.id, 'i')}/${pageSlug(title, pageId)}`,
      });
    }
  }
  links.push(...(await publicBoardLinks(ctx, access)));
  return links.sort((a, b) => b.changed_at.localeCompare(a.changed_at));
}

/**
 * The titles of the pages shared alone by the documents views among `shown`, by board: one read
 * per board, however many views share pages (a page gone from the board has none).
 */
async function sharedPageTitles(
  ctx: AppContext,
  teamId: number,
  shown: readonly { view: { type: string; boardId: string; settings: unknown } }[],
): Promise<Map<string, Map<string, string>>> {
  const byBoard = new Map<string, Set<string>>();
  for (const { view } of shown) {
    if (view.type !== 'documents') continue;
    const pages = readViewSettings(view.settings).shared_pages;
    if (pages.length > 0)
      byBoard.set(view.boardId, new Set([...(byBoard.get(view.boardId) ?? []), ...pages]));
  }
  const titles = new Map<string, Map<string, string>>();
  for (const [boardId, pages] of byBoard)
    titles.set(boardId, await pageTitles(ctx, teamId, boardId, [...pages]));
  return titles;
}

/** The public boards the caller sees (docs/public-boards.md), each with who made it public. */
async function publicBoardLinks(ctx: AppContext, access: TeamAccess): Promise<SharedLink[]> {
  const open = (await findBoards(ctx.db, access.team.id)).filter(
    (board) => canViewBoard(access, board) && isPublic(access, board),
  );
  const sharerIds = [...new Set(open.map((board) => sharingOf(board).shared_by).filter((id) => id > 0))];
  const sharers = new Map(
    sharerIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, sharerIds))
        ).map((user) => [user.id, user]),
  );
  return open.map((board) => {
    const sharing = sharingOf(board);
    return {
      kind: 'board' as const,
      view: null,
      page_id: null,
      name: board.name,
      board_id: board.id,
      board_name: board.name,
      folder_name: null,
      path: `/b/${board.id}`,
      shared_by: sharers.get(sharing.shared_by) ?? null,
      changed_at: sharing.shared_at || board.updatedAt.toISOString(),
      can_stop: boardCan(access, board)('UPDATE_BOARD_DETAILS'),
      visitors: { rights: visitorRightsOf(board), comments: visitorCommentsOf(board) },
    };
  });
}
