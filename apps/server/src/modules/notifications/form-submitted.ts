import { formSubmittedRecipients } from '@strata/domain/notifications/form-recipients';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isAnyOf } from '../../db/any-of';
import { items } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { findViewAnyState } from '../views/view-records';
import { findItemViewers } from './item-audience';
import {
  keptStructure,
  type NotificationEntry,
  type NotifyingEvent,
  subjectNameColumns,
  writeNotificationEntries,
} from './notification-writes';

/**
 * form.submitted, a burst at a time (a form's answers are written together: group commit): the
 * form's owner and the people it names are told of each answer's item
 * (FormSubmittedNotification with the form's name), not who answered, only who sees the item.
 * The events of one form are read together: the form once, the items with the names they show
 * in one query, who sees them once per folder; every notification of the burst is written in one
 * transaction (notification-writes.ts).
 */
export async function onFormsSubmitted(ctx: AppContext, events: readonly NotifyingEvent[]): Promise<void> {
  const byForm = new Map<string, NotifyingEvent[]>();
  for (const event of events) {
    const key = `${event.teamId}:${String(event.payload.id)}`;
    byForm.set(key, [...(byForm.get(key) ?? []), event]);
  }
  const entries: NotificationEntry[] = [];
  for (const answers of byForm.values()) entries.push(...(await formEntries(ctx, answers)));
  await writeNotificationEntries(ctx, entries);
}

/** The notifications of one form's answers. */
async function formEntries(
  ctx: AppContext,
  answers: readonly NotifyingEvent[],
): Promise<NotificationEntry[]> {
  const db = ctx.db;
  const { teamId } = answers[0]!;
  const viewId = answers[0]!.payload.id;
  if (teamId === null || typeof viewId !== 'string') return [];
  const view = await findViewAnyState(db, teamId, viewId);
  if (!view || view.deletedAt) return [];
  const itemIds = answers.flatMap((event) =>
    typeof event.payload.item_id === 'string' ? [event.payload.item_id] : [],
  );
  if (itemIds.length === 0) return [];
  const found = await db
    .select({ item: items, ...subjectNameColumns(sql`NULL::int`) })
    .from(items)
    .where(and(eq(items.teamId, teamId), isAnyOf(items.id, itemIds), isNull(items.deletedAt)));
  const byItem = new Map(found.map((row) => [row.item.id, row]));
  const actorIds = [...new Set(answers.flatMap((event) => (event.actorId === null ? [] : [event.actorId])))];
  const actorNames = new Map(
    actorIds.length === 0
      ? []
      : (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))
        ).map((row) => [row.id, row.name]),
  );
  const settings = readViewSettings(view.settings);
  const candidates = [...new Set([view.createdBy, ...settings.notify_user_ids])].filter(
    (id): id is number => id !== null,
  );
  // Who sees an item depends on its folder only: judged once per folder.
  const seeingByFolder = new Map<string, Set<number>>();
  for (const { item } of found)
    if (!seeingByFolder.has(item.folderId))
      seeingByFolder.set(
        item.folderId,
        await findItemViewers(db, item, candidates, keptStructure(ctx, teamId)),
      );
  return answers.flatMap((event): NotificationEntry[] => {
    const row = byItem.get(String(event.payload.item_id));
    if (!row) return [];
    const { item } = row;
    const seeing = seeingByFolder.get(item.folderId) ?? new Set<number>();
    const recipients = formSubmittedRecipients({
      ownerId: view.createdBy,
      notifyUserIds: settings.notify_user_ids,
      actorId: event.actorId,
      canSee: (id) => seeing.has(id),
    });
    return [
      {
        subject: { teamId: item.teamId, boardId: item.boardId, folderId: item.folderId, itemId: item.id },
        actorId: event.actorId,
        produced: recipients.map((userId) => ({ userId, notificationType: 'FormSubmittedNotification' })),
        names: {
          actor: event.actorId === null ? null : (actorNames.get(event.actorId) ?? null),
          board: row.board,
          title: row.title,
        },
        shown: { form_name: settings.title || view.name },
      },
    ];
  });
}
