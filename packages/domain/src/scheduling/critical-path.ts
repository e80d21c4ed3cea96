import type { ScheduleTask } from './dependencies';
import { buildPlan, FF, FS, forwardPass, SS } from './plan';
import type { WorkingCalendar } from './working-days';

/**
 * The tasks that decide when the plan ends: those with no total float, in topological order.
 * Forward pass: the flexible rule of `reschedule` (tasks where they are, dependents pushed).
 * Backward pass: the latest each task may end without moving the plan's end (the last end of
 * all) or any dependent's latest days; a task whose latest end is its end is critical. Float
 * counts working days with a calendar, so a weekend between two tasks is not slack.
 * Tasks `reschedule` leaves out are never critical. Throws VALIDATION_FAILED naming a cycle.
 */
export function criticalPath(tasks: readonly ScheduleTask[], calendar: WorkingCalendar | null): string[] {
  const plan = buildPlan(tasks, calendar);
  const { size, offsets, targets } = plan.graph;
  if (size === 0) return [];
  const { order, first, last } = forwardPass(plan);
  let finish = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < size; i++) finish = Math.max(finish, last[i]!);
  const lateLast = new Float64Array(size);
  for (let k = size - 1; k >= 0; k--) {
    const i = order[k]!;
    const span = last[i]! - first[i]!;
    let latest = finish;
    for (let slot = offsets[i]!; slot < offsets[i + 1]!; slot++) {
      const j = targets[slot]!;
      const lag = plan.lags[slot]!;
      const lateFirstJ = lateLast[j]! - (last[j]! - first[j]!);
      const kind = plan.kinds[slot];
      const bound =
        kind === FS
          ? lateFirstJ - 1 - lag
          : kind === SS
            ? lateFirstJ - lag + span
            : kind === FF
              ? lateLast[j]! - lag
              : lateLast[j]! - lag + span;
      if (bound < latest) latest = bound;
    }
    lateLast[i] = latest;
  }
  const critical: string[] = [];
  for (const i of order) if (lateLast[i]! <= last[i]!) critical.push(plan.tasks[i]!.id);
  return critical;
}
