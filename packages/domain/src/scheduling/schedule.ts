import type { ScheduleChange, ScheduleTask } from './dependencies';
import { buildPlan, forwardPass } from './plan';
import type { WorkingCalendar } from './working-days';

/**
 * Moves dependents so that every dependency holds, by the flexible rule: a task moves only when
 * one of its constraints is broken, forward by the least amount that meets them all, keeping its
 * duration (in working days with a calendar, starting on a working day). Tasks never move
 * earlier: a gap after a predecessor is the user's choice and stays.
 *
 * With lag L (working days with a calendar, may be negative), a dependent must have
 * FS: start >= predecessor's end + 1 + L; SS: start >= predecessor's start + L;
 * FF: end >= predecessor's end + L; SF: end >= predecessor's start + L.
 *
 * Tasks without both days, or ending before they start, are left out with their links, as are
 * links `validateLinks` reports (they constrain nothing). Answers only the tasks whose days
 * changed, in the order given; idempotent: run on its own result it answers nothing.
 * One pass in topological order, O(tasks + links). Throws VALIDATION_FAILED naming a cycle.
 */
export function reschedule(
  tasks: readonly ScheduleTask[],
  calendar: WorkingCalendar | null,
): ScheduleChange[] {
  const plan = buildPlan(tasks, calendar);
  const { first, last, moved } = forwardPass(plan);
  const changes: ScheduleChange[] = [];
  for (let i = 0; i < plan.tasks.length; i++) {
    if (!moved[i]) continue;
    const task = plan.tasks[i]!;
    const start = plan.time.day(first[i]!);
    const end = plan.time.day(last[i]!);
    if (start !== task.start || end !== task.end) changes.push({ id: task.id, start, end });
  }
  return changes;
}
