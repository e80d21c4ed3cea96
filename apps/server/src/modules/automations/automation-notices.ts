import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { teamMembers } from '../../db/schema/teams';
import { findItemsAnyState } from '../items/items.repo';
import { findFolderViewers } from '../notifications/item-audience';
import { scheduleNotificationEmails } from '../notifications/notification-email';
import { NOTIFICATION_PUSH_JOB, schedulePushNotifications } from '../notifications/notification-push';
import {
  announceNotifications,
  keptStructure,
  readSubjectNamesOf,
} from '../notifications/notification-writes';
import { insertNotifications, type NewNotification } from '../notifications/notifications.service';

/**
 * Writes notifications from Autobot (its name is what they show as their author), announces them
 * on their recipients' channels and schedules their push, and their mail when asked, in one
 * transaction.
 */
export async function writeAutobotNotifications(
  ctx: AppContext,
  rows: readonly NewNotification[],
  options: { email: boolean },
): Promise<void> {
  if (rows.length === 0) return;
  const pushes = await ctx.db.transaction(async (tx) => {
    const written = await insertNotifications(tx, rows);
    await announceNotifications(tx, written, ctx.autobotId);
    if (options.email)
      await scheduleNotificationEmails(
        ctx,
        tx,
        written.map((row) => row.userId),
      );
    return schedulePushNotifications(ctx, tx, written);
  });
  if (pushes > 0) ctx.jobs.wake(NOTIFICATION_PUSH_JOB);
}

/**
 * A notify action's message: AutomationItemNotification about the item to the people named who
 * see it, or AutomationBoardNotification about the board (no item) to the members of the workspace
 * named who see the board.
 */
export async function tellAboutRun(
  ctx: AppContext,
  notice: {
    teamId: number;
    boardId: string;
    itemId: string | null;
    userIds: readonly number[];
    message: string;
    email: boolean;
  },
): Promise<number> {
  if (notice.itemId)
    return tellAboutItems(ctx, notice.teamId, notice.boardId, [{ ...notice, itemId: notice.itemId }]);
  const structure = keptStructure(ctx, notice.teamId);
  const board = await structure.board(notice.boardId);
  if (!board) return 0;
  const members = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, notice.teamId), inArray(teamMembers.userId, [...notice.userIds])));
  const rows = members.map(({ userId }) => ({
    userId,
    notificationType: 'AutomationBoardNotification',
    teamId: notice.teamId,
    boardId: notice.boardId,
    data: { created_by_name: 'Autobot', board_name: board.name, body: notice.message },
  }));
  await writeAutobotNotifications(ctx, rows, { email: notice.email });
  return rows.length;
}

/** A notify action's message about an item (a run's notice). */
export interface ItemNotice {
  itemId: string;
  userIds: readonly number[];
  message: string;
  email: boolean;
}

/**
 * Notify actions' messages about items of one board (the runs of a batch): each as
 * AutomationItemNotification to the people it names who see its item. The items, their names and
 * who sees their folders are read once for all; answers how many notifications were written.
 */
export async function tellAboutItems(
  ctx: AppContext,
  teamId: number,
  boardId: string,
  notices: readonly ItemNotice[],
): Promise<number> {
  const told = notices.filter((notice) => notice.userIds.length > 0);
  if (told.length === 0) return 0;
  const structure = keptStructure(ctx, teamId);
  const itemIds = told.map((notice) => notice.itemId);
  const found = await findItemsAnyState(ctx.db, teamId, itemIds);
  const live = [...found.values()].filter((item) => !item.deletedAt && item.boardId === boardId);
  const seeing = await findFolderViewers(
    ctx.db,
    { teamId, boardId },
    live.map((item) => item.folderId),
    [...new Set(told.flatMap((notice) => notice.userIds))],
    structure,
  );
  const names = await readSubjectNamesOf(ctx.db, teamId, itemIds, ctx.autobotId);
  const written = { mailed: [] as NewNotification[], quiet: [] as NewNotification[] };
  for (const notice of told) {
    const item = found.get(notice.itemId);
    const name = names.get(notice.itemId);
    if (!item || item.deletedAt || item.boardId !== boardId || !name) continue;
    const data = {
      created_by_name: name.actor,
      board_name: name.board,
      item_name: name.title,
      body: notice.message,
    };
    const viewers = seeing.get(item.folderId);
    for (const userId of notice.userIds) {
      if (!viewers?.has(userId)) continue;
      (notice.email ? written.mailed : written.quiet).push({
        userId,
        notificationType: 'AutomationItemNotification',
        teamId,
        boardId: item.boardId,
        folderId: item.folderId,
        itemId: item.id,
        subscribeableType: 'item' as const,
        subscribeableId: item.id,
        data,
      });
    }
  }
  await writeAutobotNotifications(ctx, written.mailed, { email: true });
  await writeAutobotNotifications(ctx, written.quiet, { email: false });
  return written.mailed.length + written.quiet.length;
}

/** The workspace's owner and admins: who hear of its automation runs' limit. */
export async function findOwnerAndAdmins(ctx: AppContext, teamId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.role, ['owner', 'admin'])));
  return rows.map((row) => row.userId);
}
