/** Every permission of spec section 6, as a named action. */
export const ACTIONS = [
  'VIEW_BOARD',
  'VIEW_FOLDER',
  'MANAGE_AUTOMATIONS',
  'CREATE_PERSONAL_VIEWS',
  'EDIT_LOCKED_VIEWS',
  'ADD_COMMENTS',
  'DELETE_COMMENTS',
  'PIN_COMMENTS',
  'MANAGE_ATTRIBUTES',
  'CREATE_BOARDS',
  'DELETE_BOARDS',
  'CREATE_ITEMS',
  'EDIT_OWN_ITEMS',
  'EDIT_ALL_ITEMS',
  'DELETE_ITEMS',
  'CREATE_FOLDERS',
  'EDIT_FOLDERS',
  'DELETE_FOLDERS',
  'CREATE_TABS',
  'CUSTOMIZE_TABS',
  'DELETE_TABS',
  'DELETE_WORKSPACE',
  'EDIT_WORKSPACE_SETTINGS',
  'EDIT_MEMBER_ROLES',
  'INVITE_MEMBERS',
  'REMOVE_MEMBERS',
  'MANAGE_PERMISSIONS',
  'EXPORT',
  'SAVE_BOARD_AS_TEMPLATE',
  'UPDATE_BOARD_DETAILS',
  'UPDATE_BOARD_MEMBERS',
  'USE_AI',
  'VIEW_ACTIVITY_LOG',
  'MANAGE_TRASH',
] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that can be given to a member: never owner (spec section 5). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'full-member',
  'restricted-member',
  'guest',
] as const satisfies readonly Role[];

export const TAGS = ['board_member', 'board_locked_out', 'guest_user'] as const;
export type Tag = (typeof TAGS)[number];

/** What a permission record can belong to: the spec's list, and boards (their records sit below the workspace's). */
export const RESOURCE_TYPES = [
  'workspace',
  'board',
  'folder view',
  'folder',
  'item',
  'attribute',
  'comment',
  'value',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}
