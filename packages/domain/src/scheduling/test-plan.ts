import { isoToDay } from './day-numbers';
import type { DependencyLink, ScheduleTask } from './dependencies';

/** `A:FS+2`, `B:SS-1`, `C:FF`: a predecessor, a type and an optional lag. */
export function links(...specs: string[]): DependencyLink[] {
  return specs.map((spec) => {
    const [, predecessorId, type, lag] = /^([^:]+):([A-Z]+)([+-]\d+(?:\.\d+)?)?$/.exec(spec)!;
    return { predecessorId: predecessorId!, type: type!, lagDays: lag ? Number(lag) : 0 };
  });
}

/** A task from ISO days (null for none) and link specs. */
export function task(id: string, start: string | null, end: string | null, ...specs: string[]): ScheduleTask {
  return {
    id,
    start: start === null ? null : isoToDay(start),
    end: end === null ? null : isoToDay(end),
    links: links(...specs),
  };
}
