import { and, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { automationRuns } from '../../db/schema/automations';
import type { TestApp } from '../../test/test-app';
import { AUTOMATION_RUN_JOB } from './automation-trigger';

/** The runs of an automation once every event so far has been matched and every run has ended. */
export async function settledRuns(t: TestApp, teamId: number, automationId: string, atLeast = 1) {
  await t.app.dispatcher.settled();
  t.app.ctx.jobs.wake(AUTOMATION_RUN_JOB);
  return vi.waitFor(
    async () => {
      await t.app.dispatcher.settled();
      const rows = await t.app.ctx.db
        .select()
        .from(automationRuns)
        .where(and(eq(automationRuns.teamId, teamId), eq(automationRuns.automationId, automationId)))
        .orderBy(automationRuns.createdAt);
      expect(rows.length).toBeGreaterThanOrEqual(atLeast);
      expect(rows.filter((row) => row.state === 'queued')).toEqual([]);
      t.app.ctx.jobs.wake(AUTOMATION_RUN_JOB);
      return rows;
    },
    { timeout: 15_000, interval: 100 },
  );
}
