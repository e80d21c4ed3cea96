import { VIEW_TYPES } from '@strata/domain/views/view-settings';
import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { syncedRecordFields } from './common';
import { uuidId } from './items';

export const viewPaths = {
  folderViews: '/api/:teamId/folders/:folderId/views',
  view: '/api/:teamId/views/:id',
} as const;

export const VIEW_VISIBILITIES = ['shared', 'personal'] as const;
export type ViewVisibility = (typeof VIEW_VISIBILITIES)[number];

export const folderViewsParams = teamParams.extend({ folderId: base62Id });
export const viewParams = teamParams.extend({ id: uuidId });
/** A view's sub-resources (calendar feed, followers). */
export const viewIdParams = teamParams.extend({ viewId: uuidId });

/**
 * A folder's view (public API v2 `folderview`, a tab of the folder): its type, name and settings
 * (grouping, sorting, filters, hidden attributes, widths: the domain's `readViewSettings`
 * completes them), with sync fields. A personal view is seen by its creator (and the workspace
 * owner) only; a locked view's settings change only with EDIT_LOCKED_VIEWS (docs/views.md).
 */
export const viewSchema = z.object({
  id: z.string(),
  object: z.literal('folderview'),
  team_id: z.number().int(),
  board_id: z.string(),
  folder_id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(VIEW_TYPES),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  visibility: z.enum(VIEW_VISIBILITIES),
  locked: z.boolean(),
  sort_order: z.string().nullable(),
  ...syncedRecordFields,
});
export type FolderView = z.infer<typeof viewSchema>;

/**
 * A view save, with row_version compare-and-set (1 creates). The folder and type are fixed once
 * created (a later save repeats them); fields left out keep their value.
 */
export const saveViewBody = z.object({
  folder_id: base62Id,
  type: z.enum(VIEW_TYPES),
  name: z.string().trim().min(1, { message: 'The name is required.' }).max(255),
  settings: z.record(z.string(), z.unknown()).optional(),
  visibility: z.enum(VIEW_VISIBILITIES).optional(),
  locked: z.boolean().optional(),
  sort_order: z.string().min(1).max(255).nullable().optional(),
  row_version: z.number().int().min(1).max(2_147_483_647),
});
export type SaveViewBody = z.infer<typeof saveViewBody>;
