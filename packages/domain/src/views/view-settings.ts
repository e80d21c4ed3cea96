import { z } from 'zod';
import { FILTER_OPERATORS } from '../attributes/filter-operators';
import { formSettingsShape } from '../forms/form-settings';

/**
 * Folder views (spec sections 3 and 6): how one folder's items are shown. The settings are kept
 * with the view record; every field has a default, so a parsed settings object is complete and an
 * old view keeps working when a field is added.
 */
export const VIEW_TYPES = [
  'table',
  'columns',
  'list',
  'calendar',
  'gantt',
  'chart',
  'form',
  'documents',
  'files',
] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** At most 8 views in one folder's tab set (spec section 9). */
export const MAX_VIEWS_PER_FOLDER = 8;
/** Column widths in pixels a table may be given. */
export const COLUMN_WIDTH = { min: 60, max: 800, default: 180 } as const;
/** The calendar's modes: a month, a week or a day of slots, or an agenda list. */
export const CALENDAR_MODES = ['month', 'week', 'day', 'list'] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];
/** The gantt's time scales: a column per day, per week, per month or per quarter. */
export const GANTT_ZOOMS = ['day', 'week', 'month', 'quarter'] as const;
export type GanttZoom = (typeof GANTT_ZOOMS)[number];
/** A chart view holds at most this many charts. */
export const MAX_CHARTS_PER_VIEW = 12;

/**
 * One chart of a chart view: its title, its width in the grid (1 or 2 columns) and its settings
 * (docs/charts.md; checked when it is drawn, so a chart whose attribute went away says why).
 */
export const viewChartSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(100).default(''),
  width: z.union([z.literal(1), z.literal(2)]).default(1),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type ViewChart = z.infer<typeof viewChartSchema>;

/** A calendar shows the values of 1 to 7 date attributes (spec section 5: attribute selection 1 to 7). */
export const MAX_CALENDAR_ATTRIBUTES = 7;
/** A view sorts by at most this many attributes, and filters by at most this many conditions. */
export const MAX_SORTS = 5;
export const MAX_FILTERS = 50;

const attributeId = z.string().min(1).max(64);

export const sortRuleSchema = z.object({
  attribute_id: attributeId,
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type SortRule = z.infer<typeof sortRuleSchema>;

export const filterRuleSchema = z.object({
  attribute_id: attributeId,
  operator: z.enum(FILTER_OPERATORS),
  operand: z.unknown().optional(),
});
export type FilterRule = z.infer<typeof filterRuleSchema>;

/** Pages of one documents view that may be shared alone. */
export const MAX_SHARED_PAGES = 1000;

export const viewSettingsSchema = z.object({
  /** The attribute rows are grouped by (columns: the label attribute of the columns); null: none. */
  group_by: attributeId.nullable().default(null),
  sort: z.array(sortRuleSchema).max(MAX_SORTS).default([]),
  /** `all`: an item must pass every condition; `any`: one is enough. */
  filter_match: z.enum(['all', 'any']).default('all'),
  filters: z.array(filterRuleSchema).max(MAX_FILTERS).default([]),
  hidden_attribute_ids: z.array(attributeId).max(1000).default([]),
  /** The order of the attributes shown; attributes not listed follow in the folder's order. */
  attribute_order: z.array(attributeId).max(1000).default([]),
  column_widths: z
    .record(attributeId, z.number().int().min(COLUMN_WIDTH.min).max(COLUMN_WIDTH.max))
    .default({}),
  /** Group keys shown collapsed (columns view: collapsed columns). */
  collapsed_groups: z.array(z.string().max(64)).max(1000).default([]),
  /** Columns view: the attributes a card shows under its title. */
  card_attribute_ids: z.array(attributeId).max(50).default([]),
  /** Whether subitems are shown under their items (table and list). */
  show_subitems: z.boolean().default(true),
  /**
   * Calendar: the date and start-and-end-date attributes whose values it places (each in its own
   * colour); none chosen: the board's first.
   */
  date_attribute_ids: z.array(attributeId).max(MAX_CALENDAR_ATTRIBUTES).default([]),
  /** Calendar: the label attribute whose first label colours an item; null: the date's colour. */
  color_by: attributeId.nullable().default(null),
  calendar_mode: z.enum(CALENDAR_MODES).default('month'),
  /** Gantt: the time scale. Its bars come from the first of `date_attribute_ids` (else the plan's). */
  gantt_zoom: z.enum(GANTT_ZOOMS).default('week'),
  /** Gantt: a progress (or number 0..100) attribute drawn as each bar's filled part; null: none. */
  progress_attribute_id: attributeId.nullable().default(null),
  /** Gantt: the items that decide when the plan ends are highlighted. */
  show_critical_path: z.boolean().default(false),
  /** Chart: its charts, in the grid's order. */
  charts: z.array(viewChartSchema).max(MAX_CHARTS_PER_VIEW).default([]),
  /** Form: what it asks, how it looks, whether it is shared and when it closes (forms/form-settings.ts). */
  ...formSettingsShape,
  /**
   * Documents: its pages are a public site at `/p/e{workspaceId}-{viewId}` (docs/documents.md);
   * files: its file list at `/p/f{workspaceId}-{viewId}` (docs/files-view.md).
   */
  published: z.boolean().default(false),
  /**
   * Documents: pages shared alone, each at `/p/i{workspaceId}-{viewId}/{itemSlug}` whether the
   * site is published or not (docs/documents.md, "One page").
   */
  shared_pages: z.array(z.uuid()).max(MAX_SHARED_PAGES).default([]),
});
export type ViewSettings = z.infer<typeof viewSettingsSchema>;

/** Settings read from a stored or incoming object; what is missing or invalid takes its default. */
export function readViewSettings(raw: unknown): ViewSettings {
  const parsed = viewSettingsSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  // Keep the fields that are valid on their own: one bad filter must not throw the view away.
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const fallback = viewSettingsSchema.parse({});
  const kept: Record<string, unknown> = { ...fallback };
  for (const key of Object.keys(fallback) as (keyof ViewSettings)[]) {
    const one = viewSettingsSchema.shape[key].safeParse(source[key]);
    if (one.success) kept[key] = one.data;
  }
  return kept as ViewSettings;
}

/**
 * The attributes a view shows, in order: the view's own order first, then the rest in the given
 * (folder) order; hidden ones left out. The first attribute (the item's name) is never hidden.
 */
export function visibleAttributeIds(
  attributeIds: readonly string[],
  settings: Pick<ViewSettings, 'attribute_order' | 'hidden_attribute_ids'>,
  alwaysShown?: string,
): string[] {
  const known = new Set(attributeIds);
  const hidden = new Set(settings.hidden_attribute_ids);
  const ordered = [...new Set([...settings.attribute_order.filter((id) => known.has(id)), ...attributeIds])];
  const shown = ordered.filter((id) => id === alwaysShown || !hidden.has(id));
  if (alwaysShown !== undefined && known.has(alwaysShown)) {
    return [alwaysShown, ...shown.filter((id) => id !== alwaysShown)];
  }
  return shown;
}

/** Moves one attribute before another in a view's order (column reorder by drag). */
export function moveAttribute(order: readonly string[], moved: string, before: string | null): string[] {
  const rest = order.filter((id) => id !== moved);
  const at = before === null ? -1 : rest.indexOf(before);
  if (at < 0) return [...rest, moved];
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}
