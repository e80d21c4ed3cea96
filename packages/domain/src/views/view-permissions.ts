/** The board permissions that decide who may change or delete a folder's views. */
export type ViewPermission = 'CUSTOMIZE_TABS' | 'DELETE_TABS' | 'EDIT_LOCKED_VIEWS';

/** What of a view the rule reads: who made it, whether it is personal, whether it is locked. */
export interface ViewOwnership {
  // A string: the database row types it loosely; anything but 'personal' counts as shared.
  visibility: string;
  createdBy: number | null;
  locked: boolean;
}

/**
 * Whether `userId` may change (`CUSTOMIZE_TABS`) or delete (`DELETE_TABS`) a view. The server
 * refuses the save with it and the web app offers the change with it, so both answer the same.
 * A personal view is its creator's alone: no board permission is needed for one's own (and no one
 * else sees it to change). A shared view needs the action's permission, and a locked one also
 * `EDIT_LOCKED_VIEWS`, so locking protects a view from those who may otherwise customise tabs.
 */
export function mayChangeView(options: {
  view: ViewOwnership;
  userId: number;
  action: 'CUSTOMIZE_TABS' | 'DELETE_TABS';
  can(permission: ViewPermission): boolean;
}): boolean {
  const { view, userId, action, can } = options;
  if (view.visibility === 'personal' && view.createdBy === userId) return true;
  if (!can(action)) return false;
  return !view.locked || can('EDIT_LOCKED_VIEWS');
}
