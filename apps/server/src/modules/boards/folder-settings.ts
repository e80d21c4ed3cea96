import { AppError } from '@strata/domain/errors';
import type { Action } from '@strata/domain/permissions/actions';
import { folderVisibility } from '@strata/domain/permissions/folders';
import type { DbOrTx } from '../../db/client';
import { findMemberIds } from './boards.repo';

const MAX_FOLDER_MEMBERS = 1000;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: [{ path, message }] });

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
      throw invalid(`settings.${key}`, `settings.${key} must be true or false.`);
  }
  const memberIds = settings.member_ids;
  if (memberIds !== undefined) {
    if (!Array.isArray(memberIds) || !memberIds.every((id) => Number.isInteger(id) && id > 0))
      throw invalid('settings.member_ids', 'settings.member_ids must be a list of user ids.');
    if (memberIds.length > MAX_FOLDER_MEMBERS)
      throw invalid('settings.member_ids', `A folder has at most ${MAX_FOLDER_MEMBERS} members.`);
    const found = await findMemberIds(options.db, options.teamId, memberIds as number[]);
    if (memberIds.some((id) => !found.has(id as number)))
      throw invalid('settings.member_ids', 'Every member must be a member of the workspace.');
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
