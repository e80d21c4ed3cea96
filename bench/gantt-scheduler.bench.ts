/**
 * Gantt scheduler: what `reschedule` costs on top of ordering the same plan's dependencies.
 *
 * Method:
 * - A seeded random plan of 10,000 dated tasks and 20,000 links (every type, lags -3..5 days),
 *   each link from a task of lower hidden rank to one of higher, the ranks shuffled against the
 *   input order so that the input is not already in order. Dates spread over a year, 1-10 days
 *   long, so that many links are broken and a good share of tasks move. Built once.
 * - Baseline: a plain Kahn topological sort of the same tasks, written here: ids to positions in
 *   a Map, successors in flat typed arrays, a queue. The least any scheduler has to do.
 * - Candidate: `reschedule` with the Monday-to-Friday calendar: building its plan in working
 *   days, the ordering, the forward pass and the list of changes.
 * - Warm-up of 5 runs per side, then 31 rounds alternating which side goes first; each figure is
 *   the median over rounds of one run's wall time (performance.now), ratio = scheduler / baseline.
 */
import type { ScheduleTask } from '../packages/domain/src/scheduling/dependencies';
import { reschedule } from '../packages/domain/src/scheduling/schedule';
import { seeded } from './lib/seeded';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const TASKS = 10_000;
const LINKS = 20_000;
const ROUNDS = 31;
const WARMUP = 5;
const TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
const FIRST_DAY = 20_454; // 2026-01-01

function makePlan(): ScheduleTask[] {
  const random = seeded(20_260_301);
  const int = (n: number) => Math.floor(random() * n);
  // rankOf[position]: a shuffled order the links respect.
  const rankOf = Array.from({ length: TASKS }, (_, i) => i);
  for (let i = TASKS - 1; i > 0; i--) {
    const j = int(i + 1);
    [rankOf[i], rankOf[j]] = [rankOf[j]!, rankOf[i]!];
  }
  const positionOfRank: number[] = [];
  rankOf.forEach((rank, position) => {
    positionOfRank[rank] = position;
  });
  const tasks = rankOf.map((_, position) => {
    const start = FIRST_DAY + int(365);
    return {
      id: `task${String(position).padStart(6, '0')}`,
      start,
      end: start + int(10),
      links: [] as ScheduleTask['links'][number][],
    };
  });
  for (let made = 0; made < LINKS; made++) {
    const dependentRank = 1 + int(TASKS - 1);
    // Mostly near predecessors, as real plans chain work; some from anywhere before.
    const predecessorRank = random() < 0.7 ? Math.max(0, dependentRank - 1 - int(50)) : int(dependentRank);
    tasks[positionOfRank[dependentRank]!]!.links.push({
      predecessorId: tasks[positionOfRank[predecessorRank]!]!.id,
      type: TYPES[int(4)]!,
      lagDays: int(9) - 3,
    });
  }
  return tasks;
}

/** Kahn's algorithm over the same links: ids to positions, successors in flat arrays, a queue. */
function topologicalSort(tasks: readonly ScheduleTask[]): Int32Array {
  const size = tasks.length;
  const positions = new Map<string, number>();
  let count = 0;
  for (let i = 0; i < size; i++) {
    positions.set(tasks[i]!.id, i);
    count += tasks[i]!.links.length;
  }
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  let edge = 0;
  for (let i = 0; i < size; i++) {
    for (const link of tasks[i]!.links) {
      const predecessor = positions.get(link.predecessorId);
      if (predecessor === undefined || predecessor === i) continue;
      from[edge] = predecessor;
      to[edge++] = i;
    }
  }
  const offsets = new Int32Array(size + 1);
  for (let e = 0; e < edge; e++) offsets[from[e]! + 1]!++;
  for (let i = 0; i < size; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(edge);
  const waiting = new Int32Array(size);
  for (let e = 0; e < edge; e++) {
    targets[fill[from[e]!]!++] = to[e]!;
    waiting[to[e]!]!++;
  }
  const order = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) if (waiting[i] === 0) order[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const i = order[head]!;
    for (let slot = offsets[i]!; slot < offsets[i + 1]!; slot++)
      if (--waiting[targets[slot]!]! === 0) order[tail++] = targets[slot]!;
  }
  if (tail !== size) throw new Error('the bench plan has a cycle');
  return order;
}

export async function run(): Promise<BenchResult> {
  const tasks = makePlan();
  const calendar = { workingWeekdays: [1, 2, 3, 4, 5] };
  let moved = 0;
  const sides = [
    {
      measure: () => {
        const start = performance.now();
        const order = topologicalSort(tasks);
        const elapsed = performance.now() - start;
        if (order.length !== TASKS) throw new Error(`ordered ${order.length} tasks`);
        return elapsed;
      },
      samples: [] as number[],
    },
    {
      measure: () => {
        const start = performance.now();
        const changes = reschedule(tasks, calendar);
        const elapsed = performance.now() - start;
        moved = changes.length;
        return elapsed;
      },
      samples: [] as number[],
    },
  ];
  for (const side of sides) for (let i = 0; i < WARMUP; i++) side.measure();
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) side.samples.push(side.measure());
  }
  const [topoMs, schedulerMs] = sides.map((side) => median(side.samples));
  if (moved === 0) throw new Error('the bench plan moved no task');
  return {
    name: 'gantt-scheduler',
    ratio: schedulerMs! / topoMs!,
    goal: '<=5',
    details: {
      tasks: TASKS,
      links: LINKS,
      moved,
      scheduler_ms: round(schedulerMs!, 2),
      topo_ms: round(topoMs!, 2),
    },
  };
}
