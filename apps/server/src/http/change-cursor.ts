import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { teams } from '../db/schema/teams';
import { appendRouteHook } from './route-hooks';

export const CHANGE_SEQ_HEADER = 'x-change-seq';

const cursors = new WeakMap<object, number>();

/**
 * Routes declared with `config: { changeCursor: true }` (the lists of boards, folders, attributes,
 * items and views) answer `X-Change-Seq`: the workspace's change counter, read before the list.
 * Every change numbered up to it has committed by then (a workspace's writes commit in the order
 * of their numbers, docs/delta-sync.md), so the list holds all of them, and a client that keeps
 * the list can later ask `GET /api/{teamId}/changes?since=` that number for what came after,
 * instead of reading the list again. A change both in the list and after the cursor is applied
 * twice, which the record rules make harmless. Only a successful answer carries it: a workspace
 * the caller may not read learns nothing.
 */
export function registerChangeCursor(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    const mode = route.config?.changeCursor;
    if (!mode) return;
    const onSend: onSendHookHandler = (request, reply, payload, done) => {
      const cursor = cursors.get(request);
      if (cursor !== undefined && (reply.statusCode === 200 || reply.statusCode === 304))
        reply.header(CHANGE_SEQ_HEADER, String(cursor));
      done(null, payload);
    };
    appendRouteHook(route, 'onSend', onSend);
    // The route reads the counter with its list itself (setChangeCursor).
    if (mode === 'route') return;
    const preHandler: preHandlerHookHandler = (request, _reply, done) => {
      const teamId = Number((request.params as { teamId?: unknown }).teamId);
      if (!Number.isSafeInteger(teamId)) return done();
      ctx.db
        .select({ changeSeq: teams.changeSeq })
        .from(teams)
        .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
        .then(([row]) => {
          if (row) cursors.set(request, row.changeSeq);
          done();
        }, done);
    };
    appendRouteHook(route, 'preHandler', preHandler);
  });
}

/**
 * The cursor of a route declared with `changeCursor: 'route'`: the workspace's change counter as
 * read in the same snapshot as its list (a kept list keeps the counter it was read with).
 */
export function setChangeCursor(request: object, changeSeq: number | null): void {
  if (changeSeq !== null) cursors.set(request, changeSeq);
}
