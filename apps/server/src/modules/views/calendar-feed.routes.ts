import {
  calendarFeedFileParams,
  calendarFeedParams,
  calendarFeedPaths,
  calendarFeedStateSchema,
  calendarFeedUrlSchema,
} from '@strata/contracts/calendar-feeds';
import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { sendCollection } from '../../http/conditional-get';
import {
  createCalendarFeed,
  deleteCalendarFeed,
  getCalendarFeedState,
  readCalendarFeed,
} from './calendar-feed.service';

/** Reads of one feed URL per minute: a calendar application reads it about hourly. */
const FEED_READS_PER_MINUTE = 30;

/**
 * A calendar view's private iCalendar feed (docs/views.md, "Calendar feed"): the caller's own
 * feed of a view (state, a new secret URL, revoke) and the anonymous document its URL opens.
 */
export function calendarFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['views'];
  const ask = (
    request: { params: { teamId: number; viewId: string } } & Parameters<typeof requireUser>[0],
  ) => ({
    ctx,
    user: requireUser(request).user,
    teamId: request.params.teamId,
    viewId: request.params.viewId,
  });
  r.get(
    calendarFeedPaths.feed,
    {
      schema: {
        tags,
        params: calendarFeedParams,
        response: { 200: calendarFeedStateSchema, ...commonErrorResponses },
      },
    },
    (request) => getCalendarFeedState(ask(request)),
  );
  r.post(
    calendarFeedPaths.feed,
    {
      schema: {
        tags,
        params: calendarFeedParams,
        response: { 200: calendarFeedUrlSchema, ...commonErrorResponses },
      },
    },
    (request) => createCalendarFeed(ask(request)),
  );
  r.delete(
    calendarFeedPaths.feed,
    {
      schema: { tags, params: calendarFeedParams, response: { 200: okSchema, ...commonErrorResponses } },
    },
    async (request) => {
      await deleteCalendarFeed(ask(request));
      return { ok: true as const };
    },
  );
  r.get(
    calendarFeedPaths.read,
    {
      config: {
        auth: 'public' as const,
        rateLimit: {
          max: FEED_READS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `calendar-feed:${(request.params as { file?: string }).file ?? ''}`,
        },
      },
      schema: { tags, params: calendarFeedFileParams },
    },
    async (request, reply) => {
      const { ics, lastModified } = await readCalendarFeed(ctx, request.params.file);
      reply.header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
      return sendCollection(request, reply, ics, lastModified, 'text/calendar; charset=utf-8');
    },
  );
}
