/**
 * A workspace's automation runs against its plan's monthly limit (spec sections 4 and 9): a
 * warning at 80 % or more, exceeded at 100 %, at which every automation of the workspace turns off
 * until the next period or a higher limit.
 */
export const RUNS_WARNING_PERCENT = 80;
export const RUNS_EXCEEDED_PERCENT = 100;

export type RunsLevel = 'ok' | 'warning' | 'exceeded';

/** Where `used` runs stand against `limit` (null: no limit). */
export function runsLevel(used: number, limit: number | null): RunsLevel {
  if (limit === null) return 'ok';
  if (used * 100 >= limit * RUNS_EXCEEDED_PERCENT) return 'exceeded';
  if (used * 100 >= limit * RUNS_WARNING_PERCENT) return 'warning';
  return 'ok';
}

/** The level a run took the workspace to, when it is new (from ok to warning, or to exceeded). */
export function crossedLevel(
  usedBefore: number,
  usedAfter: number,
  limit: number | null,
): Exclude<RunsLevel, 'ok'> | null {
  const before = runsLevel(usedBefore, limit);
  const after = runsLevel(usedAfter, limit);
  return after !== before && after !== 'ok' ? after : null;
}

/** Whether one more run fits this period's limit. */
export const mayRun = (used: number, limit: number | null) => limit === null || used < limit;

/** The monthly period (UTC calendar month) an instant falls in: `YYYY-MM`, its start and its end. */
export function runPeriod(at: Date): { key: string; start: Date; end: Date } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return {
    key: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`,
    start: new Date(Date.UTC(year, month, 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** Automations of one board allowed by a plan's limit (null: the product's own cap). */
export function mayAddAutomation(count: number, limit: number | null, cap: number): boolean {
  return count < Math.min(limit ?? cap, cap);
}
