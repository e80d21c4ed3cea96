import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { boards, folders } from './boards';
import { orderKey } from './items';
import { recordColumns } from './record-columns';
import { teams } from './teams';

/**
 * A folder's views (public API v2 `folderview`): its tabs, each a type (columns, table, list...)
 * with settings. `visibility` is shared or personal (only the owner sees a personal view, and the
 * workspace owner sees all); a locked view's settings are changed only with the locked-views
 * permission (docs/views.md).
 */
export const folderViews = pgTable(
  'folder_views',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    folderId: text('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    visibility: text('visibility').notNull().default('shared'),
    locked: boolean('locked').notNull().default(false),
    sortOrder: orderKey('sort_order'),
    ...recordColumns(),
  },
  (t) => [index('folder_views_team_folder_idx').on(t.teamId, t.folderId, t.sortOrder)],
);

export type FolderViewRow = typeof folderViews.$inferSelect;
