import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { onlyFromThisMachine } from '../../http/same-machine';
import type { Clock } from '../../lib/clock';
import { fireDueTimers } from '../automations/automation-clock';

/** The clock of a server started with TEST_TIME_SOURCE=1: the real time plus an offset the tests move. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Back to the real time (a browser test that moved the clock, when it ends). */
  reset(): void {
    this.offsetMs = 0;
  }
}

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * POST /api/dev/clock `{ advance_ms }`, or `{ reset: true }` for the real time again (TEST_TIME_SOURCE=1 only, which production refuses; from
 * this machine only): moves the services' clock forward and runs the minute tick at once, so a
 * browser test sees a recurring item appear without waiting for the schedule. Answers the new time
 * and the runs the tick wrote.
 */
export function testClockRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  clock: MovableClock | undefined,
): void {
  if (!ctx.config.testTimeSource || !clock) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/dev/clock',
    {
      config: { auth: 'public' },
      onRequest: onlyFromThisMachine,
      schema: {
        hide: true,
        body: z.union([
          z.object({ advance_ms: z.number().int().min(0).max(YEAR_MS) }),
          z.object({ reset: z.literal(true) }),
        ]),
        response: { 200: z.object({ now: z.string(), runs: z.number().int() }) },
      },
    },
    async (request) => {
      if ('reset' in request.body) clock.reset();
      else clock.advance(request.body.advance_ms);
      const runs = await fireDueTimers(ctx, ctx.clock.now());
      return { now: ctx.clock.now().toISOString(), runs };
    },
  );
}
