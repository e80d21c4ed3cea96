import type { CalendarFeedState, CalendarFeedUrl } from '@strata/contracts/calendar-feeds';
import { AppError } from '@strata/domain/errors';
import { calendarModel } from '@strata/domain/views/calendar-model';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type CalendarFeedRow, calendarFeeds } from '../../db/schema/calendar-feeds';
import type { UserRow } from '../../db/schema/users';
import { hashToken, randomToken } from '../../lib/tokens';
import { mailTextsOf } from '../../mail/notification-mail';
import { getUserById } from '../auth/users.repo';
import { nameAttributeOf } from '../exports/export-table';
import { findFolderItemRows } from '../exports/exports.repo';
import { toViewItem } from '../exports/exports.service';
import { requireVisibleFolder } from '../items/item-reads';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { calendarFeedIcs, type FeedItem } from './calendar-feed-ics';
import { readViewAttributes } from './view-attributes';
import { findViewAnyState, seesView } from './view-records';

/** A feed's read is noted at most this often (a calendar application reads it about hourly). */
const NOTE_READ_EVERY_MS = 10 * 60_000;

/** The calendar view of the workspace the person sees, and its folder as they see it; else 404. */
async function requireCalendarView(ctx: AppContext, access: TeamAccess, viewId: string) {
  const view = await findViewAnyState(ctx.db, access.team.id, viewId);
  if (!view || view.deletedAt || !seesView(access, view)) throw new AppError('NOT_FOUND');
  const { folder, board } = await requireVisibleFolder(ctx.db, access, view.folderId);
  if (view.type !== 'calendar')
    throw new AppError('VALIDATION_FAILED', { message: 'Only a calendar view has a calendar feed.' });
  return { view, folder, board };
}

const feedUrls = (ctx: AppContext, token: string): CalendarFeedUrl => {
  const url = `${ctx.config.appUrl}/api/calendar-feeds/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
};

/** The one feed of a view and person (the where clause of its reads and its revoke). */
const feedOf = (teamId: number, viewId: string, userId: number) =>
  and(eq(calendarFeeds.teamId, teamId), eq(calendarFeeds.viewId, viewId), eq(calendarFeeds.userId, userId));

const findFeed = (ctx: AppContext, teamId: number, viewId: string, userId: number) =>
  ctx.db
    .select()
    .from(calendarFeeds)
    .where(feedOf(teamId, viewId, userId));

interface FeedRequest {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  viewId: string;
}

/** Whether the caller has a feed of the view. */
export async function getCalendarFeedState(options: FeedRequest): Promise<CalendarFeedState> {
  const { ctx, user } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const { view } = await requireCalendarView(ctx, access, options.viewId);
  const [feed] = await findFeed(ctx, access.team.id, view.id, user.id);
  return {
    active: Boolean(feed),
    created_at: feed?.createdAt.toISOString() ?? null,
    last_read_at: feed?.lastReadAt?.toISOString() ?? null,
  };
}

/**
 * A new secret URL of the caller's feed of a calendar view they see: the previous one, if any,
 * stops working at once (one feed per view and person). Only the token's hash is kept.
 */
export async function createCalendarFeed(options: FeedRequest): Promise<CalendarFeedUrl> {
  const { ctx, user } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const { view } = await requireCalendarView(ctx, access, options.viewId);
  const token = randomToken();
  const values = { teamId: access.team.id, viewId: view.id, userId: user.id, tokenHash: hashToken(token) };
  await ctx.db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: [calendarFeeds.teamId, calendarFeeds.viewId, calendarFeeds.userId],
      set: { tokenHash: values.tokenHash, createdAt: ctx.clock.now(), lastReadAt: null },
    });
  return feedUrls(ctx, token);
}

/** Revokes the caller's feed of a view they see (nothing to revoke is not an error). */
export async function deleteCalendarFeed(options: FeedRequest): Promise<void> {
  const { ctx, user } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const view = await findViewAnyState(ctx.db, access.team.id, options.viewId);
  if (!view || view.deletedAt || !seesView(access, view)) throw new AppError('NOT_FOUND');
  await ctx.db.delete(calendarFeeds).where(feedOf(access.team.id, view.id, user.id));
}

/** The feed a token opens: `{token}.ics` with a token of the shape randomToken makes; else undefined. */
async function findFeedByFile(ctx: AppContext, file: string): Promise<CalendarFeedRow | undefined> {
  const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
  if (!token) return undefined;
  const [feed] = await ctx.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  return feed;
}

/**
 * The iCalendar document of a feed (anonymous: the token is the credential). It shows what the
 * feed's person may see now, by the view's stored settings: a person who left the workspace or
 * lost the folder, a deleted view or a revoked token is 404, as an unknown token is.
 */
export async function readCalendarFeed(
  ctx: AppContext,
  file: string,
): Promise<{ ics: string; lastModified: Date | null }> {
  const feed = await findFeedByFile(ctx, file);
  const user = feed && (await getUserById(ctx.db, feed.userId));
  if (!feed || !user) throw new AppError('NOT_FOUND');
  const access = await getTeamAccess(ctx, feed.teamId, user);
  const { view, folder, board } = await requireCalendarView(ctx, access, feed.viewId);
  const teamId = access.team.id;
  const attributes = await readViewAttributes(ctx.db, teamId, board.id);
  const rows = await findFolderItemRows(ctx.db, teamId, folder.id);
  const texts = mailTextsOf(user.locale).calendarFeed;
  const model = calendarModel({
    items: rows.map(toViewItem),
    attributes,
    settings: readViewSettings(view.settings),
    nameAttributeId: nameAttributeOf(attributes)?.id ?? null,
    context: {
      locale: user.locale,
      timeZone: user.timezone ?? undefined,
      weekStartsOn: user.startOfWeek ?? null,
      currentUserId: user.id,
      now: ctx.clock.now().getTime(),
    },
    untitled: texts.untitled,
  });
  const base = `${ctx.config.appUrl}/b/${board.id}/${folder.id}`;
  const items = new Map<string, FeedItem>(
    rows.map((row) => [row.id, { updatedAt: row.updatedAt, url: `${base}/${row.id}` }]),
  );
  let lastModified: Date | null = null;
  for (const event of model.events) {
    const changed = items.get(event.itemId)?.updatedAt;
    if (changed && (!lastModified || changed > lastModified)) lastModified = changed;
  }
  const ics = calendarFeedIcs({
    name: `${folder.name} · ${view.name}`,
    appName: ctx.config.appName,
    model,
    items,
    openText: texts.open.replace('{{appName}}', ctx.config.appName),
  });
  const now = ctx.clock.now();
  if (!feed.lastReadAt || now.getTime() - feed.lastReadAt.getTime() >= NOTE_READ_EVERY_MS)
    await ctx.db.update(calendarFeeds).set({ lastReadAt: now }).where(eq(calendarFeeds.id, feed.id));
  return { ics, lastModified };
}
