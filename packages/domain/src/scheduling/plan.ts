import { AppError } from '../errors';
import { isScheduled, isValidLag, type ScheduleTask } from './dependencies';
import { cycleMessage, findCycles, kahnOrder, type LinkGraph, linkGraph } from './dependency-graph';
import { type WorkingCalendar, type WorkingTime, workingTime } from './working-days';

// Link types as small numbers, for the scheduler's loop.
export const FS = 0;
export const SS = 1;
export const FF = 2;
export const SF = 3;
const KIND: Record<string, number> = { FS, SS, FF, SF };

/**
 * The scheduled tasks (dated, end not before start) in working time, named by position:
 * `first` and `last` are the working-day numbers of each task's first and last working day
 * (`last = first - 1` for a task wholly on days off), and each link slot of `graph` carries its
 * type and lag. Links that cannot be scheduled (unknown type, bad lag, to itself, to a task that is
 * not scheduled) are left out.
 */
export interface Plan {
  tasks: ScheduleTask[];
  time: WorkingTime;
  first: Float64Array;
  last: Float64Array;
  graph: LinkGraph;
  kinds: Uint8Array;
  lags: Float64Array;
}

export function buildPlan(input: readonly ScheduleTask[], calendar: WorkingCalendar | null): Plan {
  const time = workingTime(calendar);
  const tasks: ScheduleTask[] = [];
  const positions = new Map<string, number>();
  let linkCount = 0;
  for (const task of input) {
    if (!isScheduled(task) || positions.has(task.id)) continue;
    positions.set(task.id, tasks.length);
    tasks.push(task);
    linkCount += task.links.length;
  }
  const size = tasks.length;
  const first = new Float64Array(size);
  const last = new Float64Array(size);
  const from = new Int32Array(linkCount);
  const to = new Int32Array(linkCount);
  const edgeKinds = new Uint8Array(linkCount);
  const edgeLags = new Float64Array(linkCount);
  let edge = 0;
  for (let i = 0; i < size; i++) {
    const task = tasks[i]!;
    first[i] = time.index(task.start!);
    last[i] = time.index(task.end! + 1) - 1;
    for (const link of task.links) {
      const predecessor = positions.get(link.predecessorId);
      const kind = KIND[link.type];
      if (predecessor === undefined || predecessor === i || kind === undefined || !isValidLag(link.lagDays))
        continue;
      from[edge] = predecessor;
      to[edge] = i;
      edgeKinds[edge] = kind;
      edgeLags[edge++] = link.lagDays;
    }
  }
  const graph = linkGraph(size, from, to, edge);
  const kinds = new Uint8Array(edge);
  const lags = new Float64Array(edge);
  for (let slot = 0; slot < edge; slot++) {
    kinds[slot] = edgeKinds[graph.edges[slot]!]!;
    lags[slot] = edgeLags[graph.edges[slot]!]!;
  }
  return { tasks, time, first, last, graph, kinds, lags };
}

/** Where the forward pass put each task (working-day numbers), and which it moved. */
export interface ForwardPass {
  order: Int32Array;
  first: Float64Array;
  last: Float64Array;
  moved: Uint8Array;
}

/**
 * The flexible rule, in one pass in topological order, O(tasks + links): a task whose
 * predecessors (already placed) leave every constraint met stays; otherwise it moves forward by
 * the least amount that meets them all, keeping its working days. A task wholly on days off has
 * none to keep: moved, it takes one (a milestone on a Saturday stays a milestone).
 * Throws VALIDATION_FAILED naming a cycle when the links have one.
 */
export function forwardPass(plan: Plan): ForwardPass {
  const { graph, kinds, lags } = plan;
  const { size, offsets, targets } = graph;
  const order = kahnOrder(graph);
  if (!order) {
    const cycle = findCycles(graph)[0]!.map((i) => plan.tasks[i]!.id);
    throw new AppError('VALIDATION_FAILED', { message: cycleMessage(cycle) });
  }
  const first = plan.first.slice();
  const last = plan.last.slice();
  const moved = new Uint8Array(size);
  // The least first and last working day each task's placed predecessors allow.
  const needFirst = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
  const needLast = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
  for (let k = 0; k < size; k++) {
    const i = order[k]!;
    let s = first[i]!;
    let e = last[i]!;
    if (needFirst[i]! > s || needLast[i]! > e) {
      const length = e >= s ? e - s + 1 : 1;
      s = Math.max(s, needFirst[i]!, needLast[i]! - length + 1);
      e = s + length - 1;
      first[i] = s;
      last[i] = e;
      moved[i] = 1;
    }
    for (let slot = offsets[i]!; slot < offsets[i + 1]!; slot++) {
      const j = targets[slot]!;
      const lag = lags[slot]!;
      switch (kinds[slot]) {
        case FS:
          if (e + 1 + lag > needFirst[j]!) needFirst[j] = e + 1 + lag;
          break;
        case SS:
          if (s + lag > needFirst[j]!) needFirst[j] = s + lag;
          break;
        case FF:
          if (e + lag > needLast[j]!) needLast[j] = e + lag;
          break;
        default:
          if (s + lag > needLast[j]!) needLast[j] = s + lag;
      }
    }
  }
  return { order, first, last, moved };
}
