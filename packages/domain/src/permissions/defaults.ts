import { ACTIONS, type Action, type Role } from './actions';
import type { PermissionLevel } from './engine';
import { formatKey } from './rules';

/**
 * What each role may do by default in a new workspace (the top level of every chain), modelled
 * on Infinity: the owner everything; admins everything but deleting the workspace; full members
 * work on all content but do not administer people or permissions; restricted members add and
 * edit their own items; guests view and comment where they are let in. Workspaces and boards
 * change these with their own records.
 */
export const ROLE_DEFAULTS: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  admin: ACTIONS.filter((a) => a !== 'DELETE_WORKSPACE'),
  'full-member': [
    'VIEW_BOARD',
    'VIEW_FOLDER',
    'MANAGE_AUTOMATIONS',
    'CREATE_PERSONAL_VIEWS',
    'ADD_COMMENTS',
    'DELETE_COMMENTS',
    'PIN_COMMENTS',
    'MANAGE_ATTRIBUTES',
    'CREATE_BOARDS',
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
    'INVITE_MEMBERS',
    'EXPORT',
    'SAVE_BOARD_AS_TEMPLATE',
    'UPDATE_BOARD_DETAILS',
    'USE_AI',
    'VIEW_ACTIVITY_LOG',
  ],
  'restricted-member': [
    'VIEW_BOARD',
    'VIEW_FOLDER',
    'CREATE_PERSONAL_VIEWS',
    'ADD_COMMENTS',
    'CREATE_ITEMS',
    'EDIT_OWN_ITEMS',
    'EXPORT',
  ],
  guest: ['VIEW_BOARD', 'VIEW_FOLDER', 'ADD_COMMENTS'],
};

/** The defaults as a permission level: an allow or a deny for every role and action. */
export function defaultLevel(): PermissionLevel {
  const permissions: string[] = [];
  for (const [role, allowed] of Object.entries(ROLE_DEFAULTS) as [Role, readonly Action[]][]) {
    for (const action of ACTIONS) {
      permissions.push(formatKey({ action, allow: allowed.includes(action), subject: `role:${role}` }));
    }
  }
  return { permissions, final_permissions: [] };
}

/**
 * A private board: only its members (and the owner) see it. Non-members are locked out with a
 * deny that outranks their role's allow.
 */
export function privateBoardLevel(): PermissionLevel {
  return PRIVATE_BOARD_LEVEL;
}
/** One object for every private board: levels are never changed, and rules are remembered per object. */
const PRIVATE_BOARD_LEVEL: PermissionLevel = Object.freeze({
  permissions: Object.freeze([
    formatKey({ action: 'VIEW_BOARD', allow: true, subject: 'tag:board_member' }),
    formatKey({ action: 'VIEW_BOARD', allow: false, subject: 'tag:board_locked_out' }),
  ]),
  final_permissions: Object.freeze([]),
});

/** A public board: the anonymous guest user may see it. */
export function publicBoardLevel(): PermissionLevel {
  return {
    permissions: [formatKey({ action: 'VIEW_BOARD', allow: true, subject: 'tag:guest_user' })],
    final_permissions: [],
  };
}
