import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { AppError } from '@strata/domain/errors';
import type { ViewAttribute, ViewItem } from '@strata/domain/views/view-rows';
import { readViewSettings, type ViewSettings } from '@strata/domain/views/view-settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ItemRow } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { cleanFileName } from '../attachments/attachment-files';
import { boardCan } from '../boards/board-access';
import { requireVisibleFolder } from '../items/item-reads';
import { findBoardAttributes } from '../items/items.repo';
import { listItemTitles } from '../references/item-titles.service';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { findViewAnyState, seesView } from '../views/view-records';
import { writeCsv } from './csv';
import { buildExportTable, nameAttributeOf } from './export-table';
import { findFolderItemRows, findMemberNames, findPageTexts } from './exports.repo';

/** The settings of a view of this folder the caller sees; anything else is 404, as if it did not exist. */
async function viewSettingsOf(
  db: DbOrTx,
  access: TeamAccess,
  folderId: string,
  viewId: string,
): Promise<ViewSettings> {
  const view = await findViewAnyState(db, access.team.id, viewId);
  if (!view || view.deletedAt || view.folderId !== folderId || !seesView(access, view))
    throw new AppError('NOT_FOUND');
  return readViewSettings(view.settings);
}

export const toViewItem = (row: ItemRow): ViewItem => ({
  id: row.id,
  folder_id: row.folderId,
  parent_id: row.parentId,
  sort_order: row.sortOrder,
  values: row.values,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Ids held by the reference cells of the items, for their titles. */
function referencedIds(items: readonly ViewItem[], attributes: readonly ViewAttribute[]): string[] {
  const ids = new Set<string>();
  for (const attribute of attributes) {
    if (attribute.type !== 'reference') continue;
    for (const item of items) {
      const data = item.values[attribute.id]?.data;
      if (Array.isArray(data)) for (const id of data) if (typeof id === 'string') ids.add(id);
    }
  }
  return [...ids];
}

/** A file name from the folder's name: no folders, controls or characters Windows refuses. */
export function exportFileName(folderName: string): string {
  const base = cleanFileName(folderName.replace(/[/\\]/g, '_'))
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '');
  return `${Array.from(base || 'export')
    .slice(0, 120)
    .join('')}.csv`;
}

/**
 * A folder's items as a CSV file (docs/views.md, "Export to CSV"): the caller must open the
 * folder exactly as the items read requires (workspace, board, folder, password lock: 404 or 403
 * BOARD_LOCKED) and hold EXPORT on the board (403 FORBIDDEN). With `viewId`, a view of that folder
 * they see shapes the rows and columns; its stored settings, not a device's local arrangement.
 */
export async function exportFolderCsv(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  folderId: string;
  viewId?: string;
}): Promise<{ fileName: string; csv: string }> {
  const { ctx, user } = options;
  const db = ctx.db;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const { folder, board } = await requireVisibleFolder(db, access, options.folderId);
  if (!boardCan(access, board)('EXPORT')) throw new AppError('FORBIDDEN');
  const settings =
    options.viewId === undefined
      ? readViewSettings({})
      : await viewSettingsOf(db, access, folder.id, options.viewId);

  const attributes: ViewAttribute[] = (await findBoardAttributes(db, teamId, board.id)).map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type as AttributeType,
    settings: row.settings,
  }));
  const items = (await findFolderItemRows(db, teamId, folder.id)).map(toViewItem);
  const members = await findMemberNames(db, teamId);
  const titles = new Map<string, string>();
  const references = referencedIds(items, attributes);
  if (references.length > 0) {
    const found = await listItemTitles({ ctx, user, teamId, ids: references });
    for (const [id, entry] of Object.entries(found)) if (entry.title) titles.set(id, entry.title);
  }
  const name = nameAttributeOf(attributes);
  if (name) {
    for (const item of items) {
      const title = item.values[name.id]?.data;
      if (typeof title === 'string') titles.set(item.id, title);
    }
  }
  const context: ValueContext = {
    locale: user.locale,
    timeZone: user.timezone ?? undefined,
    weekStartsOn: user.startOfWeek ?? null,
    currentUserId: user.id,
    now: ctx.clock.now().getTime(),
    memberName: (id) => members.get(id),
    itemTitle: (id) => titles.get(id),
    folderName: (id) => (id === folder.id ? folder.name : undefined),
  };
  const pages = await findPageTexts(db, teamId, folder.id);
  const table = buildExportTable({ attributes, items, settings, context, pages });
  return { fileName: exportFileName(folder.name), csv: writeCsv(table) };
}
