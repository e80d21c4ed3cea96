/**
 * The types of a dependency, named by what of the predecessor constrains what of the dependent:
 * Finish-to-Start, Start-to-Start, Finish-to-Finish, Start-to-Finish.
 */
export const DEPENDENCY_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];

/** A lag is a whole number of days, at most ten years either way. */
export const MAX_LAG_DAYS = 3650;

/**
 * One predecessor of an item. `type` and `lagDays` come from stored values as they are:
 * `validateLinks` reports a type that is not one of `DEPENDENCY_TYPES` or a lag that is not a
 * whole number of days, and the scheduler leaves such a link out.
 */
export interface DependencyLink {
  predecessorId: string;
  type: string;
  lagDays: number;
}

/** An item as the scheduler sees it: its days (day numbers, both included) and its predecessors. */
export interface ScheduleTask {
  id: string;
  start: number | null;
  end: number | null;
  links: readonly DependencyLink[];
}

/** A task the scheduler moved: its new days. */
export interface ScheduleChange {
  id: string;
  start: number;
  end: number;
}

export function isDependencyType(value: unknown): value is DependencyType {
  return (DEPENDENCY_TYPES as readonly unknown[]).includes(value);
}

export function isValidLag(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_LAG_DAYS;
}

/**
 * Whether a task takes part in scheduling: it has both days and does not end before it starts
 * (that one is flagged by `validateLinks` and left where it is).
 */
export function isScheduled(task: ScheduleTask): task is ScheduleTask & { start: number; end: number } {
  return (
    Number.isInteger(task.start) &&
    Number.isInteger(task.end) &&
    (task.end as number) >= (task.start as number)
  );
}
