import type { FolderView, SaveViewBody } from '@strata/contracts/views';
import { AppError } from '@strata/domain/errors';
import type { FormField } from '@strata/domain/forms/form-settings';
import type { Action } from '@strata/domain/permissions/actions';
import { mayChangeView } from '@strata/domain/views/view-permissions';
import { MAX_VIEWS_PER_FOLDER, viewSettingsSchema } from '@strata/domain/views/view-settings';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { type FolderViewRow, folderViews } from '../../db/schema/views';
import { invalidField, invalidFields, issueFieldError } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import { storableFormFields } from '../forms/form-defaults-write';
import { requireVisibleFolder } from '../items/item-reads';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { announceViews, findFolderViews, findViewAnyState, seesView, toView } from './view-records';

/** A folder's views the caller sees, in tab order (404 for a folder they do not see). */
export async function listFolderViews(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  folderId: string;
}): Promise<FolderView[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const { folder } = await requireVisibleFolder(options.ctx.db, access, options.folderId);
  return (await findFolderViews(options.ctx.db, access, folder.id)).map(toView);
}

/** Settings as a save sends them: every field checked (422 naming the field), defaults filled in. */
function checkedSettings(raw: Record<string, unknown>): Record<string, unknown> {
  const parsed = viewSettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw invalidFields(
    parsed.error.issues.map((issue) => issueFieldError(['settings', ...issue.path].join('.'), issue)),
  );
}

/** A form's settings with its questions' defaults checked and made storable (forms/form-defaults-write.ts). */
async function withStorableDefaults(
  scope: WriteScope,
  boardId: string,
  type: string,
  settings: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (type !== 'form') return settings;
  const fields = settings.fields as FormField[];
  return { ...settings, fields: await storableFormFields(scope, scope.access.team.id, boardId, fields) };
}

type Can = (action: Action) => boolean;

/** The domain's rule (`mayChangeView`), which the web app offers changes by, over a view row. */
function mayChange(
  access: TeamAccess,
  can: Can,
  row: Pick<FolderViewRow, 'visibility' | 'createdBy' | 'locked'>,
  action: 'CUSTOMIZE_TABS' | 'DELETE_TABS',
) {
  return mayChangeView({ view: row, userId: access.userId, action, can });
}

/** How many views the caller's tab set of a folder holds: the shared ones and their own personal ones. */
async function countTabSet(scope: WriteScope, folderId: string): Promise<number> {
  const { tx, access } = scope;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(folderViews)
    .where(
      and(
        eq(folderViews.teamId, access.team.id),
        eq(folderViews.folderId, folderId),
        isNull(folderViews.deletedAt),
        sql`(${folderViews.visibility} = 'shared' OR ${folderViews.createdBy} = ${access.userId})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Creates (row_version 1) or updates (compare-and-set) a view of a folder the caller sees.
 * Creating a shared view needs CREATE_TABS, a personal one CREATE_PERSONAL_VIEWS; a folder's tab
 * set holds at most 8. Changing a shared view needs CUSTOMIZE_TABS (and EDIT_LOCKED_VIEWS when it
 * is or becomes locked); only its creator makes a view personal.
 */
export async function putView(scope: WriteScope, id: string, body: SaveViewBody): Promise<FolderView> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const existing = await findViewAnyState(tx, teamId, id);
  if (existing && (existing.deletedAt || !seesView(access, existing))) throw new AppError('NOT_FOUND');
  const { folder, board } = await requireVisibleFolder(tx, access, existing?.folderId ?? body.folder_id);
  if (existing && existing.folderId !== body.folder_id) {
    throw invalidField('folder_id', 'VIEW_FOLDER_FIXED');
  }
  if (existing && existing.type !== body.type) {
    throw invalidField('type', 'VIEW_TYPE_FIXED');
  }
  if (!existing && body.row_version !== 1) throw new AppError('NOT_FOUND');
  const can = boardCan(access, board);
  const visibility = body.visibility ?? existing?.visibility ?? 'shared';
  const locked = body.locked ?? existing?.locked ?? false;
  const settings =
    body.settings === undefined
      ? (existing?.settings ?? checkedSettings({}))
      : await withStorableDefaults(scope, board.id, body.type, checkedSettings(body.settings));
  const values = {
    name: body.name,
    settings,
    visibility,
    locked,
    sortOrder: body.sort_order === undefined ? (existing?.sortOrder ?? null) : body.sort_order,
    updatedAt: now,
    rowVersion: body.row_version,
  };

  if (!existing) {
    const creates: Action = visibility === 'personal' ? 'CREATE_PERSONAL_VIEWS' : 'CREATE_TABS';
    if (!can(creates) || (locked && !can('EDIT_LOCKED_VIEWS'))) throw new AppError('VIEW_CREATE_FORBIDDEN');
    if ((await countTabSet(scope, folder.id)) >= MAX_VIEWS_PER_FOLDER) {
      throw new AppError('VIEW_LIMIT_REACHED', { params: { limit: MAX_VIEWS_PER_FOLDER } });
    }
    const [row] = await tx
      .insert(folderViews)
      .values({
        id,
        teamId,
        boardId: board.id,
        folderId: folder.id,
        type: body.type,
        createdBy: user.id,
        createdAt: now,
        ...values,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return conflict(scope, id);
    await announceViews(tx, 'view.created', [{ row }], user.id);
    return toView(row);
  }

  if (visibility !== existing.visibility && visibility === 'personal') {
    if (existing.createdBy !== user.id) throw new AppError('VIEW_PERSONAL_OWNER_ONLY');
    if (!can('CREATE_PERSONAL_VIEWS')) throw new AppError('FORBIDDEN');
  }
  const becomesShared = visibility === 'shared' && existing.visibility === 'personal';
  if (becomesShared && !can('CREATE_TABS')) throw new AppError('FORBIDDEN');
  const after = { visibility, createdBy: existing.createdBy, locked: locked || existing.locked };
  if (
    !mayChange(access, can, existing, 'CUSTOMIZE_TABS') ||
    !mayChange(access, can, after, 'CUSTOMIZE_TABS')
  ) {
    throw new AppError(existing.locked || locked ? 'VIEW_LOCKED' : 'FORBIDDEN');
  }
  const [row] = await tx
    .update(folderViews)
    .set(values)
    .where(
      and(
        eq(folderViews.teamId, teamId),
        eq(folderViews.id, id),
        isNull(folderViews.deletedAt),
        eq(folderViews.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return conflict(scope, id);
  await announceViews(
    tx,
    'view.updated',
    [{ row, wasPersonal: existing.visibility === 'personal' }],
    user.id,
  );
  return toView(row);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if the caller cannot see one. */
async function conflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findViewAnyState(scope.tx, scope.access.team.id, id);
  if (!current || current.deletedAt || !seesView(scope.access, current)) throw new AppError('NOT_FOUND');
  await requireVisibleFolder(scope.tx, scope.access, current.folderId);
  throw new AppError('CONFLICT', { current: toView(current) });
}

/** Deletes a view: the creator their personal one, else DELETE_TABS (and EDIT_LOCKED_VIEWS when locked). */
export async function removeView(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const view = await findViewAnyState(tx, teamId, id);
  if (!view || view.deletedAt || !seesView(access, view)) throw new AppError('NOT_FOUND');
  const { board } = await requireVisibleFolder(tx, access, view.folderId);
  if (!mayChange(access, boardCan(access, board), view, 'DELETE_TABS')) {
    throw new AppError(view.locked ? 'VIEW_LOCKED' : 'FORBIDDEN');
  }
  const [row] = await tx
    .update(folderViews)
    .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${folderViews.rowVersion} + 1` })
    .where(and(eq(folderViews.teamId, teamId), eq(folderViews.id, id), isNull(folderViews.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await announceViews(tx, 'view.deleted', [{ row }], user.id);
}
