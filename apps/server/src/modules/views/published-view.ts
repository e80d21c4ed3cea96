import { AppError } from '@strata/domain/errors';
import { readViewSettings, type ViewSettings, type ViewType } from '@strata/domain/views/view-settings';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { BoardRow, FolderRow } from '../../db/schema/boards';
import { type UserRow, users } from '../../db/schema/users';
import { type FolderViewRow, folderViews } from '../../db/schema/views';
import { rememberStructure, requireVisibleFolder } from '../items/item-reads';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';

/** A view open to anyone (a shared form, a published documents site), as its owner sees it. */
export interface PublishedView {
  view: FolderViewRow;
  settings: ViewSettings;
  /** The view's creator: what it shows is what they see. */
  owner: UserRow;
  access: TeamAccess;
  folder: FolderRow;
  board: BoardRow;
}

/** A kept view's settings, read once (the view row is replaced when the view changes). */
const readSettings = new WeakMap<FolderViewRow, ViewSettings>();
function settingsOf(view: FolderViewRow): ViewSettings {
  let settings = readSettings.get(view);
  if (!settings) {
    settings = readViewSettings(view.settings);
    readSettings.set(view, settings);
  }
  return settings;
}

/**
 * A view by its public id, of the given type, opened to anyone by its settings (`isOpen`), live,
 * shared with the team, and whose owner (its creator) still sees its folder. It works with its
 * owner's standing: the owner removed from the workspace, the folder deleted or made private to
 * others, or the view closed again, and it is not found (404, the same answer as an id that never
 * existed).
 */
export async function findPublishedView(
  ctx: AppContext,
  viewId: string,
  type: ViewType,
  isOpen: (settings: ViewSettings) => boolean,
): Promise<PublishedView> {
  // The one lookup without a workspace: a public id. Everything after is scoped by its team, and
  // read through the process's caches (a form's answers arrive in bursts, a page's readers too).
  const found = await ctx.caches.forms.read(viewId, async () => {
    const [row] = await ctx.db
      .select({ view: folderViews, owner: users })
      .from(folderViews)
      .innerJoin(users, eq(users.id, folderViews.createdBy))
      .where(eq(folderViews.id, viewId))
      .limit(1);
    return row;
  });
  const { view, owner } = found ?? {};
  if (!view || !owner || view.deletedAt || view.type !== type || view.visibility !== 'shared')
    throw new AppError('NOT_FOUND');
  const settings = settingsOf(view);
  if (!isOpen(settings)) throw new AppError('NOT_FOUND');
  const access = await getTeamAccess(ctx, view.teamId, owner);
  const structure = rememberStructure(ctx.db, access.team.id, ctx.caches.structure);
  const { folder, board } = await requireVisibleFolder(ctx.db, access, view.folderId, structure);
  return { view, settings, owner, access, folder, board };
}
