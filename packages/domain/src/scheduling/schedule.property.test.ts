import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { criticalPath } from './critical-path';
import { DEPENDENCY_TYPES, type ScheduleChange, type ScheduleTask } from './dependencies';
import { topologicalOrder } from './dependency-graph';
import { reschedule } from './schedule';
import { validateLinks } from './validate-links';
import type { WorkingCalendar } from './working-days';

// Days around 2026-03-02; the oracle below counts working days from BASE one by one.
const MID = 20_514;
const BASE = MID - 2_000;

type DagInput = {
  rankOf: number[];
  rows: { start: number | null; length: number; links: { pick: number; type: string; lag: number }[] }[];
};

/** A plan whose links run from lower to higher hidden rank, the ranks shuffled against the input order. */
const dagArb = fc.integer({ min: 1, max: 24 }).chain((n) =>
  fc.record({
    rankOf: fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i),
      { minLength: n, maxLength: n },
    ),
    rows: fc.array(
      fc.record({
        start: fc.option(fc.integer({ min: MID - 40, max: MID + 40 }), { nil: null, freq: 6 }),
        length: fc.integer({ min: 0, max: 9 }),
        links: fc.array(
          fc.record({
            pick: fc.nat(),
            type: fc.constantFrom(...DEPENDENCY_TYPES),
            lag: fc.integer({ min: -6, max: 6 }),
          }),
          { maxLength: 3 },
        ),
      }),
      { minLength: n, maxLength: n },
    ),
  }),
);

function toTasks({ rankOf, rows }: DagInput): ScheduleTask[] {
  const positionOfRank: number[] = [];
  rankOf.forEach((rank, position) => {
    positionOfRank[rank] = position;
  });
  return rows.map((row, position) => {
    const rank = rankOf[position]!;
    return {
      id: `t${position}`,
      start: row.start,
      end: row.start === null ? null : row.start + row.length,
      links:
        rank === 0
          ? []
          : row.links.map((link) => ({
              predecessorId: `t${positionOfRank[link.pick % rank]}`,
              type: link.type,
              lagDays: link.lag,
            })),
    };
  });
}

const calendarArb: fc.Arbitrary<WorkingCalendar | null> = fc.oneof(
  fc.constant(null),
  fc.constant({}),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
    .map((workingWeekdays) => ({ workingWeekdays })),
);

/** An independent oracle: is `day` a working day, and the number of working days from BASE to it. */
function oracle(calendar: WorkingCalendar | null) {
  const weekdays = calendar === null ? null : (calendar.workingWeekdays ?? [1, 2, 3, 4, 5]);
  const isWorking = (day: number) =>
    weekdays === null || weekdays.includes(new Date(day * 86_400_000).getUTCDay());
  const count = (day: number) => {
    let n = 0;
    for (let d = BASE; d < day; d++) if (isWorking(d)) n++;
    return n;
  };
  // First and last working day of a task as counts from BASE (last = first - 1 when it has none).
  const span = (start: number, end: number) => ({ first: count(start), last: count(end + 1) - 1 });
  return { isWorking, span };
}

function applied(tasks: ScheduleTask[], changes: ScheduleChange[]): ScheduleTask[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  return tasks.map((t) => {
    const change = byId.get(t.id);
    return change ? { ...t, start: change.start, end: change.end } : t;
  });
}

// Hundreds of random plans per property: seconds of CPU, more on a busy machine (not a speed check).
describe('reschedule on random plans', { timeout: 30_000 }, () => {
  test('after it every constraint between dated tasks holds', () => {
    fc.assert(
      fc.property(dagArb, calendarArb, (input, calendar) => {
        const after = applied(toTasks(input), reschedule(toTasks(input), calendar));
        const { span } = oracle(calendar);
        const byId = new Map(after.map((t) => [t.id, t]));
        for (const task of after) {
          if (task.start === null) continue;
          const d = span(task.start, task.end!);
          for (const link of task.links) {
            const p = byId.get(link.predecessorId)!;
            if (p.start === null) continue;
            const q = span(p.start, p.end!);
            const L = link.lagDays;
            if (link.type === 'FS') expect(d.first).toBeGreaterThanOrEqual(q.last + 1 + L);
            if (link.type === 'SS') expect(d.first).toBeGreaterThanOrEqual(q.first + L);
            if (link.type === 'FF') expect(d.last).toBeGreaterThanOrEqual(q.last + L);
            if (link.type === 'SF') expect(d.last).toBeGreaterThanOrEqual(q.first + L);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a second run answers no change', () => {
    fc.assert(
      fc.property(dagArb, calendarArb, (input, calendar) => {
        const tasks = toTasks(input);
        expect(reschedule(applied(tasks, reschedule(tasks, calendar)), calendar)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('no task moves earlier, a moved task starts on a working day and keeps its working days', () => {
    fc.assert(
      fc.property(dagArb, calendarArb, (input, calendar) => {
        const tasks = toTasks(input);
        const byId = new Map(tasks.map((t) => [t.id, t]));
        const { isWorking, span } = oracle(calendar);
        for (const change of reschedule(tasks, calendar)) {
          const before = byId.get(change.id)!;
          expect(change.start).toBeGreaterThanOrEqual(before.start!);
          expect(change.end).toBeGreaterThanOrEqual(before.end!);
          expect(change.start > before.start! || change.end > before.end!).toBe(true);
          expect(isWorking(change.start)).toBe(true);
          const was = span(before.start!, before.end!);
          const now = span(change.start, change.end);
          // A task wholly on days off has none to keep: it moves as one working day.
          expect(now.last - now.first + 1).toBe(Math.max(was.last - was.first + 1, 1));
          if (calendar === null) expect(change.end - change.start).toBe(before.end! - before.start!);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a task with no predecessors never moves, and the critical tasks include one ending last', () => {
    fc.assert(
      fc.property(dagArb, calendarArb, (input, calendar) => {
        const tasks = toTasks(input);
        const moved = new Set(reschedule(tasks, calendar).map((c) => c.id));
        for (const task of tasks) if (task.links.length === 0) expect(moved.has(task.id)).toBe(false);
        const after = applied(tasks, reschedule(tasks, calendar)).filter((t) => t.start !== null);
        const critical = criticalPath(tasks, calendar);
        if (after.length === 0) {
          expect(critical).toEqual([]);
          return;
        }
        const { span } = oracle(calendar);
        const finish = Math.max(...after.map((t) => span(t.start!, t.end!).last));
        const endsLast = after.filter((t) => span(t.start!, t.end!).last === finish).map((t) => t.id);
        for (const id of endsLast) expect(critical).toContain(id);
      }),
      { numRuns: 200 },
    );
  });
});

describe('graphs on random plans', () => {
  test('a plan without cycles is ordered with every predecessor first, and has no cycle problem', () => {
    fc.assert(
      fc.property(dagArb, (input) => {
        const tasks = toTasks(input);
        const { order } = topologicalOrder(tasks);
        expect([...order!].sort()).toEqual(tasks.map((t) => t.id).sort());
        const place = new Map(order!.map((id, i) => [id, i]));
        for (const task of tasks)
          for (const link of task.links)
            expect(place.get(link.predecessorId)!).toBeLessThan(place.get(task.id)!);
        expect(validateLinks(tasks).filter((p) => p.code === 'CYCLE')).toEqual([]);
      }),
    );
  });

  test('a chain closed by a back link is reported as a cycle, in link order, and refused by reschedule', () => {
    const arb = dagArb
      .filter((input) => input.rows.length >= 2)
      .chain((input) =>
        fc.record({
          input: fc.constant(input),
          chain: fc.uniqueArray(fc.nat(input.rows.length - 1), {
            minLength: 2,
            maxLength: Math.min(5, input.rows.length),
          }),
        }),
      );
    fc.assert(
      fc.property(arb, ({ input, chain }) => {
        const tasks = toTasks(input).map((t) => ({ ...t, start: t.start ?? MID, end: t.end ?? MID }));
        // chain[k + 1] depends on chain[k], and the first on the last.
        chain.forEach((position, k) => {
          const predecessor = chain[(k + chain.length - 1) % chain.length]!;
          const task = tasks[position]!;
          tasks[position] = {
            ...task,
            links: [...task.links, { predecessorId: `t${predecessor}`, type: 'FS', lagDays: 0 }],
          };
        });
        const depends = (dependent: string, predecessor: string) =>
          tasks.find((t) => t.id === dependent)!.links.some((l) => l.predecessorId === predecessor);
        const cycles = validateLinks(tasks).filter((p) => p.code === 'CYCLE');
        expect(cycles.length).toBeGreaterThan(0);
        for (const { itemIds, message } of cycles) {
          expect(message).toBe(`These dependencies form a cycle: ${[...itemIds, itemIds[0]].join(' -> ')}`);
          itemIds.forEach((id, k) => {
            expect(depends(itemIds[(k + 1) % itemIds.length]!, id)).toBe(true);
          });
        }
        expect(topologicalOrder(tasks).cycle).not.toBeNull();
        expect(() => reschedule(tasks, null)).toThrow('These dependencies form a cycle');
      }),
    );
  });
});
