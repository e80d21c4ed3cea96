import type { ScheduleTask } from './dependencies';

/**
 * Links by predecessor, tasks named by position: the dependents of task `i` are
 * `targets[offsets[i] .. offsets[i + 1])`, in the order the links were given, and `edges` names the
 * link each slot came from. Typed arrays, so that a pass over 10,000 tasks allocates nothing per step.
 */
export interface LinkGraph {
  size: number;
  offsets: Int32Array;
  targets: Int32Array;
  edges: Int32Array;
}

/** The graph of `count` links, link `e` running from task `from[e]` (predecessor) to `to[e]` (dependent). */
export function linkGraph(size: number, from: Int32Array, to: Int32Array, count: number): LinkGraph {
  const offsets = new Int32Array(size + 1);
  for (let e = 0; e < count; e++) offsets[from[e]! + 1]!++;
  for (let i = 0; i < size; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(count);
  const edges = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    const slot = fill[from[e]!]!++;
    targets[slot] = to[e]!;
    edges[slot] = e;
  }
  return { size, offsets, targets, edges };
}

/**
 * Kahn's algorithm, O(tasks + links): positions ordered so that every predecessor comes before its
 * dependents; null when links form a cycle. Ready tasks are taken first come, first served, and
 * those that become ready together (the first ones, or the dependents one task frees) in the
 * order they were given, so tasks without links keep their order.
 */
export function kahnOrder(graph: LinkGraph): Int32Array | null {
  const { size, offsets, targets } = graph;
  const waiting = new Int32Array(size);
  for (let slot = 0; slot < targets.length; slot++) waiting[targets[slot]!]!++;
  const order = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) if (waiting[i] === 0) order[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const i = order[head]!;
    for (let slot = offsets[i]!; slot < offsets[i + 1]!; slot++) {
      const j = targets[slot]!;
      if (--waiting[j]! === 0) order[tail++] = j;
    }
  }
  return tail === size ? order : null;
}

/**
 * The shortest cycle through the first member of a strongly connected group (breadth first),
 * each task a predecessor of the next and the last a predecessor of the first.
 */
function cycleThrough(graph: LinkGraph, members: readonly number[]): number[] {
  const { offsets, targets } = graph;
  const inside = new Set(members);
  const start = members.reduce((a, b) => Math.min(a, b));
  const parent = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (let slot = offsets[v]!; slot < offsets[v + 1]!; slot++) {
      const w = targets[slot]!;
      if (w === start) {
        const path: number[] = [];
        for (let u = v; u !== -1; u = parent.get(u)!) path.push(u);
        return path.reverse();
      }
      if (inside.has(w) && !parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  // Unreachable: every member of a group of two or more lies on a cycle.
  return [...members];
}

/**
 * One cycle per group of tasks that depend on each other (Tarjan's strongly connected
 * components, without recursion so that a chain of 10,000 tasks does not overflow the stack).
 * Each cycle starts at its group's earliest task and runs along the links; cycles come in the
 * order of their first task. A link from a task to itself is not a cycle here (it is reported on
 * its own and left out of the graph).
 */
export function findCycles(graph: LinkGraph): number[][] {
  const { size, offsets, targets } = graph;
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const callNode: number[] = [];
  const callSlot: number[] = [];
  const cycles: number[][] = [];
  let counter = 0;
  const enter = (v: number) => {
    index[v] = counter;
    low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    callNode.push(v);
    callSlot.push(offsets[v]!);
  };
  for (let root = 0; root < size; root++) {
    if (index[root] !== -1) continue;
    enter(root);
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top]!;
      const slot = callSlot[top]!;
      if (slot < offsets[v + 1]!) {
        callSlot[top] = slot + 1;
        const w = targets[slot]!;
        if (index[w] === -1) enter(w);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      callNode.pop();
      callSlot.pop();
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] !== index[v]) continue;
      const members: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        members.push(w);
      } while (w !== v);
      if (members.length > 1) cycles.push(cycleThrough(graph, members));
    }
  }
  return cycles.sort((a, b) => a[0]! - b[0]!);
}

/** The message for a cycle, e.g. 'These dependencies form a cycle: A -> B -> A'. */
export function cycleMessage(ids: readonly string[]): string {
  return `These dependencies form a cycle: ${[...ids, ids[0]].join(' -> ')}`;
}

/**
 * The graph of all the given tasks, dated or not: a link counts when its predecessor is another
 * of the tasks (a link to itself or to an unknown item is reported by `validateLinks` instead).
 */
export function taskGraph(tasks: readonly ScheduleTask[]): LinkGraph {
  const positions = new Map<string, number>();
  let count = 0;
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    if (!positions.has(task.id)) positions.set(task.id, i);
    count += task.links.length;
  }
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  let edge = 0;
  for (let i = 0; i < tasks.length; i++) {
    for (const link of tasks[i]!.links) {
      const predecessor = positions.get(link.predecessorId);
      if (predecessor === undefined || predecessor === i) continue;
      from[edge] = predecessor;
      to[edge++] = i;
    }
  }
  return linkGraph(tasks.length, from, to, edge);
}

export type TopologicalOrder = { order: string[]; cycle: null } | { order: null; cycle: string[] };

/**
 * The ids of the tasks with every predecessor before its dependents (Kahn's algorithm,
 * O(tasks + links), stable: see `kahnOrder`); or, when links form a cycle, the ids of one cycle
 * in link order (`cycleMessage` words it).
 */
export function topologicalOrder(tasks: readonly ScheduleTask[]): TopologicalOrder {
  const graph = taskGraph(tasks);
  const order = kahnOrder(graph);
  if (order) return { order: Array.from(order, (i) => tasks[i]!.id), cycle: null };
  return { order: null, cycle: findCycles(graph)[0]!.map((i) => tasks[i]!.id) };
}
