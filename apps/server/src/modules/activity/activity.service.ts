import type { ActivityAttribute, ActivityEntry, ActivityPage } from '@strata/contracts/activity';
import { isNameAttribute } from '@strata/domain/attributes/attribute-definition';
import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import { AppError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { ActivityRow } from '../../db/schema/activity';
import type { AttributeRow } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { boardCan } from '../boards/board-access';
import { requireVisibleBoard } from '../boards/boards.service';
import { requireVisibleFolder } from '../items/item-reads';
import { findBoardAttributes, findItemAnyState } from '../items/items.repo';
import { toDefinition } from '../items/items.shapes';
import { defaultAvatarUrl } from '../me/profile';
import { getTeamAccess } from '../teams/team-access';
import {
  findActivityPage,
  findBoardAttributesAnyState,
  findFolderNames,
  findFormAnswersOf,
  findItemNames,
} from './activity.repo';

type PageRow = Awaited<ReturnType<typeof findActivityPage>>[number];

/**
 * A board's activity log, newest first, `limit` entries older than `before`.
 *
 * - The whole board's log takes VIEW_ACTIVITY_LOG on the board (403 without it).
 * - One item's log (`itemId`) is part of the item: whoever sees the item (VIEW_BOARD, with
 *   VIEW_FOLDER, the item live in a live folder) sees its history, as they see its comments;
 *   VIEW_ACTIVITY_LOG also opens the log of a deleted item.
 *
 * A board the caller does not see, or an item of another board or workspace, is 404.
 */
export async function listBoardActivity(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
  itemId?: string;
  before?: number;
  limit: number;
}): Promise<ActivityPage> {
  const { db } = options.ctx;
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const teamId = access.team.id;
  const board = await requireVisibleBoard(db, access, options.boardId);
  const canViewLog = boardCan(access, board)('VIEW_ACTIVITY_LOG');
  if (options.itemId !== undefined) {
    const item = await findItemAnyState(db, teamId, options.itemId);
    if (!item || item.boardId !== board.id) throw new AppError('NOT_FOUND');
    if (!canViewLog) {
      if (item.deletedAt) throw new AppError('NOT_FOUND');
      await requireVisibleFolder(db, access, item.folderId);
    }
  } else if (!canViewLog) throw new AppError('FORBIDDEN');

  const rows = await findActivityPage(db, {
    teamId,
    boardId: board.id,
    itemId: options.itemId,
    before: options.before,
    limit: options.limit,
  });
  const page = rows.slice(0, options.limit);
  const hasMore = rows.length > options.limit;
  const named = namedIn(page.map((row) => row.entry));

  const live = await findBoardAttributes(db, teamId, board.id);
  const nameAttribute = live.find((attribute) => isNameAttribute(toDefinition(attribute)));
  const liveById = new Map(live.map((attribute) => [attribute.id, attribute]));
  const missing = [...named.attributes].filter((id) => !liveById.has(id));
  const gone = await findBoardAttributesAnyState(db, teamId, board.id, missing);
  const attributeRows = [...[...named.attributes].flatMap((id) => liveById.get(id) ?? []), ...gone];
  const itemNames = nameAttribute
    ? await findItemNames(db, teamId, board.id, nameAttribute.id, [...named.items])
    : [];
  const folderNames = await findFolderNames(db, teamId, board.id, [...named.folders]);
  const created = page.filter((row) => row.entry.event === 'item.created').map((row) => row.entry.recordId);
  const answers = new Map((await findFormAnswersOf(db, teamId, created)).map((row) => [row.itemId, row]));

  return {
    data: page.map((row) => withFormAnswer(toEntry(row), answers)),
    attributes: attributeRows.map(toActivityAttribute),
    names: {
      items: Object.fromEntries(itemNames.flatMap((row) => (row.name ? [[row.id, row.name] as const] : []))),
      folders: Object.fromEntries(folderNames.map((row) => [row.id, row.name])),
    },
    has_more: hasMore,
    before: hasMore ? page[page.length - 1]!.entry.id : null,
  };
}

function toEntry({ entry, user }: PageRow): ActivityEntry {
  return {
    id: entry.id,
    event: entry.event,
    user: user
      ? {
          id: user.id,
          name: user.name,
          photo_url: user.photoPath ? `/api/files/${user.photoPath}` : defaultAvatarUrl(user),
        }
      : null,
    record: {
      type: entry.recordType,
      id: entry.recordId,
      folder_id: entry.folderId,
      item_id: entry.itemId,
    },
    changes: entry.changes,
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * An item that came in as a form's answer is told so (docs/forms.md): its creation names the form,
 * and an anonymous visitor's answer names no one (the form's owner wrote the item for them).
 */
function withFormAnswer(
  entry: ActivityEntry,
  answers: ReadonlyMap<string, { formId: string; formName: string; userId: number | null }>,
): ActivityEntry {
  const answer = entry.event === 'item.created' ? answers.get(entry.record.id) : undefined;
  if (!answer) return entry;
  return {
    ...entry,
    user: answer.userId === null ? null : entry.user,
    changes: { ...(entry.changes as object), form: { id: answer.formId, name: answer.formName } },
  };
}

function toActivityAttribute(row: AttributeRow): ActivityAttribute {
  return {
    id: row.id,
    name: row.name,
    type: row.type as AttributeType,
    settings: row.settings,
    deleted: row.deletedAt !== null,
  };
}

const isId = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Ids of `{ before, after }`, or of a plain id. */
function idsOf(value: unknown): string[] {
  if (isId(value)) return [value];
  if (typeof value !== 'object' || value === null) return [];
  const { before, after } = value as { before?: unknown; after?: unknown };
  return [before, after].filter(isId);
}

/** The attributes, items and folders a page of entries names, to send their names with it. */
function namedIn(entries: readonly ActivityRow[]) {
  const named = { attributes: new Set<string>(), items: new Set<string>(), folders: new Set<string>() };
  for (const entry of entries) {
    const changes = entry.changes as Record<string, unknown>;
    if (entry.itemId) named.items.add(entry.itemId);
    if (entry.folderId) named.folders.add(entry.folderId);
    if (entry.recordType === 'attribute') named.attributes.add(entry.recordId);
    if (entry.recordType === 'value' && isId(changes.attribute_id))
      named.attributes.add(changes.attribute_id);
    for (const id of idsOf(changes.folder_id)) named.folders.add(id);
    // An item's parent is an item; a folder's parent a folder.
    const parents = idsOf(changes.parent_id);
    for (const id of parents) (entry.recordType === 'folder' ? named.folders : named.items).add(id);
  }
  return named;
}
