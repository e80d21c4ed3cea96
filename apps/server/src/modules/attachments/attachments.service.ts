import { randomUUID } from 'node:crypto';
import type { Attachment } from '@strata/contracts/attachments';
import { AppError } from '@strata/domain/errors';
import type { Action } from '@strata/domain/permissions/actions';
import type { AppContext } from '../../context';
import type { AttachmentRow } from '../../db/schema/attachments';
import type { UserRow } from '../../db/schema/users';
import { boardCan } from '../boards/board-access';
import { requireVisibleBoard } from '../boards/boards.service';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { cleanFileName, removeAttachmentFile, storedTypeOf, writeAttachmentFile } from './attachment-files';
import { findAttachment, insertAttachment } from './attachments.repo';

/** Where an attachment's bytes are read (with the caller's bearer token). */
export const attachmentUrl = (row: Pick<AttachmentRow, 'teamId' | 'id'>) =>
  `/api/${row.teamId}/attachments/${row.id}/file`;

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    object: 'attachment',
    board_id: row.boardId,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    url: attachmentUrl(row),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** Uploading is part of filling in items: whoever may create or edit items may upload. */
const UPLOAD_ACTIONS: readonly Action[] = ['CREATE_ITEMS', 'EDIT_OWN_ITEMS', 'EDIT_ALL_ITEMS'];

/**
 * Checks that the caller may upload into the workspace, for a board when one is named (a board
 * they do not see answers 404, one where they may not create or edit items 403). Runs before a
 * byte of the file is read.
 */
export async function requireUploadAccess(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId?: string;
  access?: TeamAccess;
}): Promise<TeamAccess> {
  const access = options.access ?? (await getTeamAccess(options.ctx, options.teamId, options.user));
  const can = options.boardId
    ? boardCan(access, await requireVisibleBoard(options.ctx.db, access, options.boardId))
    : access.can;
  if (!UPLOAD_ACTIONS.some((action) => can(action))) throw new AppError('FORBIDDEN');
  return access;
}

/**
 * Stores an uploaded file and its row. The bytes go to disk first; a file over the size limit
 * (FILE_TOO_LARGE, the spec's message) or a failed insert leaves nothing behind.
 */
export async function createAttachment(options: {
  ctx: AppContext;
  access: TeamAccess;
  user: UserRow;
  boardId: string | null;
  file: {
    filename?: string;
    mimetype?: string;
    stream: NodeJS.ReadableStream & { truncated?: boolean };
  };
}): Promise<Attachment> {
  const { ctx, access, file } = options;
  const teamId = access.team.id;
  const maxMb = ctx.config.attachmentMaxMb;
  const written = await writeAttachmentFile(ctx, teamId, file.stream, maxMb);
  try {
    const row = await insertAttachment(ctx.db, {
      id: randomUUID(),
      teamId,
      boardId: options.boardId,
      name: cleanFileName(file.filename),
      mimeType: storedTypeOf(file.mimetype, written.head),
      size: written.size,
      storageKey: written.storageKey,
      createdBy: options.user.id,
      createdAt: ctx.clock.now(),
    });
    return toAttachment(row);
  } catch (error) {
    await removeAttachmentFile(ctx, written.storageKey);
    throw error;
  }
}

/**
 * An attachment the caller may read: one of the workspace's, on a board they see (or, uploaded
 * without a board, in a workspace where they see boards). Anything else is 404 alike.
 */
export async function getReadableAttachment(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}): Promise<AttachmentRow> {
  const { ctx } = options;
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const row = await findAttachment(ctx.db, access.team.id, options.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.boardId) {
    // A board locked for the caller by its password keeps its files as well (403 BOARD_LOCKED).
    await requireVisibleBoard(ctx.db, access, row.boardId);
  } else if (!access.can('VIEW_BOARD')) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}
