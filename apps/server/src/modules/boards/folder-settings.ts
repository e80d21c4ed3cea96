import { AppError } from '@strata/domain/errors';
import type { Action } from '@strata/domain/permissions/actions';
import { folderVisibility } from '@strata/domain/permissions/folders';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../http/field-errors';
import { findMemberIds } from './boards.repo';

const MAX_FOLDER_MEMBERS = 1000;

/**
 * Checks the visibility keys of a folder save's settings (`hidden`, `private`: booleans;
 * `member_ids`: workspace members) and who may change them: hiding takes EDIT_FOLDERS, privacy
 * and its members MANAGE_PERMISSIONS (docs/permissions.md, "Folders"). `before`: the saved
 * settings (none for a new folder: visible and public).
 */
export async function checkFolderSettings(options: {
  db: DbOrTx;
  teamId: number;
  settings: Record<string, unknown>;
  before: Record<string, unknown> | undefined;
  can: (action: Action) => boolean;
}): Promise<void> {
  const { settings } = options;
  for (const key of ['hidden', 'private'] as const) {
    if (settings[key] !== undefined && typeof settings[key] !== 'boolean')
      throw invalidField(`settings.${key}`, 'NOT_BOOLEAN', { field: `settings.${key}` });
  }
  const memberIds = settings.member_ids;
  if (memberIds !== undefined) {
    if (!Array.isArray(memberIds) || !memberIds.every((id) => Number.isInteger(id) && id > 0))
      throw invalidField('settings.member_ids', 'NOT_USER_ID_LIST', { field: 'settings.member_ids' });
    if (memberIds.length > MAX_FOLDER_MEMBERS)
      throw invalidField('settings.member_ids', 'FOLDER_MEMBER_LIMIT', { max: MAX_FOLDER_MEMBERS });
    const found = await findMemberIds(options.db, options.teamId, memberIds as number[]);
    if (memberIds.some((id) => !found.has(id as number)))
      throw invalidField('settings.member_ids', 'NOT_WORKSPACE_MEMBERS');
  }
  const next = folderVisibility(settings);
  const previous = folderVisibility(options.before ?? {});
  if (next.hidden !== previous.hidden && !options.can('EDIT_FOLDERS')) throw new AppError('FORBIDDEN');
  const samePeople =
    next.memberIds.length === previous.memberIds.length &&
    next.memberIds.every((id) => previous.memberIds.includes(id));
  if ((next.private !== previous.private || !samePeople) && !options.can('MANAGE_PERMISSIONS'))
    throw new AppError('FORBIDDEN');
}
