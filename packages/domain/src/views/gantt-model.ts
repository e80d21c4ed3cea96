import { readSettings } from '../attributes/attribute-settings';
import { itemValueData } from '../attributes/item-values';
import type { ValueContext } from '../attributes/value-context';
import type { DependencyLink, ScheduleTask } from '../scheduling/dependencies';
import { readDependencyLinks, readScheduledDays } from '../scheduling/dependency-values';
import type { WorkingCalendar } from '../scheduling/working-days';
import { applyView, type DataOf, NO_GROUP, type ViewAttribute, type ViewItem } from './view-rows';
import type { GanttZoom, ViewSettings } from './view-settings';

/** Pixels per day at each zoom: a day is wide enough to grab at `day`, a quarter fits a screen at `quarter`. */
export const GANTT_DAY_WIDTH: Record<GanttZoom, number> = { day: 40, week: 18, month: 5, quarter: 2 };

/** Days a keyboard step moves a bar at each zoom (a day where days can be seen, else a week). */
export const GANTT_KEY_STEP: Record<GanttZoom, number> = { day: 1, week: 1, month: 7, quarter: 7 };

/** An item's bar: day numbers, both included. */
export interface GanttBar {
  start: number;
  end: number;
  /** One date (a `date` attribute): drawn as a diamond on its day. */
  milestone: boolean;
  /** Its end comes before its start (spec section 5: flagged); drawn on its start day alone. */
  endBeforeStart: boolean;
  /** 0..1 from the view's progress attribute; null without one or without a value. */
  progress: number | null;
}

export type GanttRow =
  | { kind: 'group'; key: string; title: string; count: number }
  | { kind: 'item'; item: ViewItem; depth: number; bar: GanttBar | null };

/** A dependency drawn as an arrow: from the predecessor's row to the dependent's. */
export interface GanttLink {
  fromId: string;
  toId: string;
  type: string;
  lagDays: number;
}

export interface GanttModel {
  /** The attribute the bars come from; null when the board has no date attribute. */
  datesAttribute: ViewAttribute | null;
  /** The board's dependency attribute (links are drawn and made with it), if it has one. */
  dependencyAttribute: ViewAttribute | null;
  /** The board's working days, from the dependency attribute's settings (null: every day). */
  calendar: WorkingCalendar | null;
  rows: GanttRow[];
  links: GanttLink[];
  /** The days the timeline spans (both included): every bar and today, with a margin. */
  first: number;
  last: number;
  /** The shown items as the scheduler takes them (for previews and the critical path). */
  tasks: ScheduleTask[];
}

const MARGIN_BEFORE = 7;
const MARGIN_AFTER = 28;

/**
 * The attribute a gantt draws bars from: the view's first chosen date attribute, else the one
 * the board's plan schedules, else the board's first start-and-end date, else its first date.
 */
export function ganttDatesAttribute(
  attributes: readonly ViewAttribute[],
  settings: Pick<ViewSettings, 'date_attribute_ids'>,
): ViewAttribute | null {
  const dated = attributes.filter((a) => a.type === 'date' || a.type === 'date_range');
  const chosen = dated.find((a) => a.id === settings.date_attribute_ids[0]);
  if (chosen) return chosen;
  const dependency = attributes.find((a) => a.type === 'dependency');
  const scheduled = dependency && readSettings('dependency', dependency.settings).schedules;
  return (
    dated.find((a) => a.id === scheduled) ?? dated.find((a) => a.type === 'date_range') ?? dated[0] ?? null
  );
}

function progressOf(attribute: ViewAttribute | undefined, data: unknown): number | null {
  if (!attribute || typeof data !== 'number' || !Number.isFinite(data)) return null;
  const { min, max } =
    attribute.type === 'progress' ? readSettings('progress', attribute.settings) : { min: 0, max: 100 };
  return Math.min(1, Math.max(0, (data - min) / (max - min)));
}

/** An item's bar from its dates value; null without a start or an end. */
export function ganttBar(
  datesAttribute: ViewAttribute,
  data: unknown,
  progress: number | null = null,
): GanttBar | null {
  const { start, end } = readScheduledDays(data);
  const from = start ?? end;
  const to = end ?? start;
  if (from === null || to === null) return null;
  const endBeforeStart = to < from;
  return {
    start: from,
    end: endBeforeStart ? from : to,
    milestone: datesAttribute.type === 'date',
    endBeforeStart,
    progress,
  };
}

/**
 * What a gantt view draws of a folder (docs/views.md, "Gantt"): the items that pass the view's
 * filters in its order, grouped by its label attribute if it groups, each followed by its
 * subitems (one level in); each with its bar; the dependencies between shown items; the days the
 * timeline spans.
 */
export function ganttModel(options: {
  items: readonly ViewItem[];
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  today: number;
  context?: ValueContext;
  dataOf?: DataOf<ViewItem>;
}): GanttModel {
  const { attributes, settings, today } = options;
  const dataOf = options.dataOf ?? itemValueData;
  const datesAttribute = ganttDatesAttribute(attributes, settings);
  const dependencyAttribute = attributes.find((a) => a.type === 'dependency') ?? null;
  const workingWeekdays = dependencyAttribute
    ? readSettings('dependency', dependencyAttribute.settings).workingWeekdays
    : null;
  const progressAttribute = attributes.find(
    (a) => a.id === settings.progress_attribute_id && (a.type === 'progress' || a.type === 'number'),
  );
  const grouping = attributes.find((a) => a.id === settings.group_by && a.type === 'label');
  const view = applyView({
    items: options.items,
    attributes,
    settings: { ...settings, group_by: grouping ? grouping.id : null },
    context: options.context,
    dataOf,
  });
  const rows: GanttRow[] = [];
  const tasks: ScheduleTask[] = [];
  let first = today;
  let last = today;
  const place = (item: ViewItem, depth: number) => {
    const data = datesAttribute ? dataOf(item, datesAttribute) : null;
    const progress = progressAttribute
      ? progressOf(progressAttribute, dataOf(item, progressAttribute))
      : null;
    const bar = datesAttribute ? ganttBar(datesAttribute, data, progress) : null;
    if (bar) {
      first = Math.min(first, bar.start);
      last = Math.max(last, bar.end);
    }
    const links: DependencyLink[] = dependencyAttribute
      ? readDependencyLinks(dataOf(item, dependencyAttribute))
      : [];
    tasks.push({
      id: item.id,
      start: bar && !bar.endBeforeStart ? bar.start : null,
      end: bar && !bar.endBeforeStart ? bar.end : null,
      links,
    });
    rows.push({ kind: 'item', item, depth, bar });
  };
  for (const group of view.groups) {
    if (grouping) rows.push({ kind: 'group', key: group.key, title: group.title, count: group.items.length });
    for (const item of group.items) {
      place(item, 0);
      if (settings.show_subitems) for (const sub of view.subitems.get(item.id) ?? []) place(sub, 1);
    }
  }
  const shown = new Set(tasks.map((task) => task.id));
  const links = tasks.flatMap((task) =>
    task.links
      .filter((link) => shown.has(link.predecessorId) && link.predecessorId !== task.id)
      .map((link) => ({ fromId: link.predecessorId, toId: task.id, type: link.type, lagDays: link.lagDays })),
  );
  return {
    datesAttribute,
    dependencyAttribute,
    calendar: workingWeekdays === null ? null : { workingWeekdays },
    rows,
    links,
    first: first - MARGIN_BEFORE,
    last: last + MARGIN_AFTER,
    tasks,
  };
}

export { NO_GROUP };
