import { isDependencyType, isValidLag, type ScheduleTask } from './dependencies';
import { cycleMessage, findCycles, taskGraph } from './dependency-graph';

export const LINK_PROBLEM_CODES = [
  'END_BEFORE_START',
  'SELF_LINK',
  'UNKNOWN_PREDECESSOR',
  'UNKNOWN_TYPE',
  'INVALID_LAG',
  'DUPLICATE_LINK',
  'CYCLE',
] as const;
export type LinkProblemCode = (typeof LINK_PROBLEM_CODES)[number];

/**
 * One thing wrong with a plan. `itemIds` names the item and, for a link, its predecessor; for a
 * cycle, the items in link order. `linkIndex` is the link's place in the item's list.
 */
export interface LinkProblem {
  code: LinkProblemCode;
  message: string;
  itemIds: string[];
  linkIndex?: number;
}

/**
 * Every problem of a plan's items and links, items in the order given and cycles last. Items
 * without dates are checked like the others. Two links to the same predecessor are a duplicate
 * whatever their types: as in monday.com and MS Project, two items are linked once.
 */
export function validateLinks(tasks: readonly ScheduleTask[]): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const ids = new Set(tasks.map((task) => task.id));
  for (const task of tasks) {
    if (task.start !== null && task.end !== null && task.end < task.start)
      problems.push({
        code: 'END_BEFORE_START',
        message: 'Item end date before start date',
        itemIds: [task.id],
      });
    const seen = new Set<string>();
    task.links.forEach((link, linkIndex) => {
      const itemIds = [task.id, link.predecessorId];
      const report = (code: LinkProblemCode, message: string) =>
        problems.push({ code, message, itemIds, linkIndex });
      if (link.predecessorId === task.id) report('SELF_LINK', 'An item cannot depend on itself.');
      else if (!ids.has(link.predecessorId))
        report('UNKNOWN_PREDECESSOR', 'The item it depends on is not on this board.');
      else if (seen.has(link.predecessorId))
        report('DUPLICATE_LINK', 'This item already depends on that item.');
      seen.add(link.predecessorId);
      if (!isDependencyType(link.type))
        report('UNKNOWN_TYPE', 'The dependency type must be FS, SS, FF or SF.');
      if (!isValidLag(link.lagDays)) report('INVALID_LAG', 'Lag must be a whole number of days.');
    });
  }
  for (const cycle of findCycles(taskGraph(tasks))) {
    const itemIds = cycle.map((i) => tasks[i]!.id);
    problems.push({ code: 'CYCLE', message: cycleMessage(itemIds), itemIds });
  }
  return problems;
}
