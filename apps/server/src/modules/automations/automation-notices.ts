import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { teamMembers } from '../../db/schema/teams';
import { findItemAnyState } from '../items/items.repo';
import { findItemViewers } from '../notifications/item-audience';
import { scheduleNotificationEmails } from '../notifications/notification-email';
import { NOTIFICATION_PUSH_JOB, schedulePushNotifications } from '../notifications/notification-push';
import { announceNotifications, keptStructure, readSubjectNames } from '../notifications/notification-writes';
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
  const structure = keptStructure(ctx, notice.teamId);
  const item = notice.itemId ? await findItemAnyState(ctx.db, notice.teamId, notice.itemId) : undefined;
  if (item) {
    const seeing = await findItemViewers(ctx.db, item, notice.userIds, structure);
    const names = await readSubjectNames(
      ctx.db,
      { teamId: item.teamId, boardId: item.boardId, folderId: item.folderId, itemId: item.id },
      ctx.autobotId,
    );
    const data = {
      created_by_name: names.actor,
      board_name: names.board,
      item_name: names.title,
      body: notice.message,
    };
    const rows = notice.userIds
      .filter((id) => seeing.has(id))
      .map((userId) => ({
        userId,
        notificationType: 'AutomationItemNotification',
        teamId: item.teamId,
        boardId: item.boardId,
        folderId: item.folderId,
        itemId: item.id,
        subscribeableType: 'item' as const,
        subscribeableId: item.id,
        data,
      }));
    await writeAutobotNotifications(ctx, rows, { email: notice.email });
    return rows.length;
  }
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

/** The workspace's owner and admins: who hear of its automation runs' limit. */
export async function findOwnerAndAdmins(ctx: AppContext, teamId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.role, ['owner', 'admin'])));
  return rows.map((row) => row.userId);
}
