import type { Action, Role } from '@strata/domain/permissions/actions';
import { effectiveRules, type PermissionLevel } from '@strata/domain/permissions/engine';
import { formatKey, parseKey, type Rule, type Subject } from '@strata/domain/permissions/rules';

/** What the matrix reads of the workspace's permission record. */
export interface MatrixRecord {
  /** The workspace's own keys (the draft being edited). */
  permissions: readonly string[];
  final_permissions: readonly string[];
  /** The role defaults as keys: the level just above the workspace. */
  inherited_permissions: readonly string[];
}

/** The matrix's rows, by heading; every action of ACTIONS is in exactly one group. */
export const ACTION_GROUPS = [
  {
    id: 'boards',
    actions: [
      'VIEW_BOARD',
      'CREATE_BOARDS',
      'UPDATE_BOARD_DETAILS',
      'UPDATE_BOARD_MEMBERS',
      'SAVE_BOARD_AS_TEMPLATE',
      'DELETE_BOARDS',
    ],
  },
  {
    id: 'foldersAndTabs',
    actions: [
      'VIEW_FOLDER',
      'CREATE_FOLDERS',
      'EDIT_FOLDERS',
      'DELETE_FOLDERS',
      'CREATE_TABS',
      'CUSTOMIZE_TABS',
      'DELETE_TABS',
    ],
  },
  {
    id: 'items',
    actions: ['CREATE_ITEMS', 'EDIT_OWN_ITEMS', 'EDIT_ALL_ITEMS', 'DELETE_ITEMS', 'MANAGE_ATTRIBUTES'],
  },
  { id: 'views', actions: ['CREATE_PERSONAL_VIEWS', 'EDIT_LOCKED_VIEWS'] },
  { id: 'comments', actions: ['ADD_COMMENTS', 'DELETE_COMMENTS', 'PIN_COMMENTS'] },
  { id: 'automationsAndAi', actions: ['MANAGE_AUTOMATIONS', 'USE_AI'] },
  { id: 'workspace', actions: ['EDIT_WORKSPACE_SETTINGS', 'MANAGE_PERMISSIONS', 'DELETE_WORKSPACE'] },
  { id: 'members', actions: ['INVITE_MEMBERS', 'EDIT_MEMBER_ROLES', 'REMOVE_MEMBERS'] },
  { id: 'data', actions: ['EXPORT', 'VIEW_ACTIVITY_LOG', 'MANAGE_TRASH'] },
] as const satisfies readonly { id: string; actions: readonly Action[] }[];

/** Each role's value of each action in a list of rules: a missing rule means not allowed. */
function roleValues(rules: readonly Rule[]): Map<string, boolean> {
  const values = new Map<string, boolean>();
  for (const rule of rules) {
    if (rule.subject.startsWith('role:')) values.set(`${rule.subject}|${rule.action}`, rule.allow);
  }
  return values;
}

/** A matrix computed once per record: what each role may do, and whether that is the default. */
export interface MatrixReader {
  isAllowed(role: Role, action: Action): boolean;
  isDefault(role: Role, action: Action): boolean;
  isChanged(role: Role, action: Action): boolean;
}

/**
 * Reads the matrix at the workspace level: the defaults then the workspace's own keys, as the
 * engine merges them. The owner may always do everything (the owner cannot be locked out).
 */
export function readMatrix(record: MatrixRecord): MatrixReader {
  const inherited: PermissionLevel = { permissions: record.inherited_permissions, final_permissions: [] };
  const current = roleValues(
    effectiveRules([
      inherited,
      { permissions: record.permissions, final_permissions: record.final_permissions },
    ]),
  );
  const defaults = roleValues(effectiveRules([inherited]));
  const read = (values: Map<string, boolean>, role: Role, action: Action) =>
    role === 'owner' || (values.get(`role:${role}|${action}`) ?? false);
  return {
    isAllowed: (role, action) => read(current, role, action),
    isDefault: (role, action) => read(defaults, role, action),
    isChanged: (role, action) => read(current, role, action) !== read(defaults, role, action),
  };
}

/** Whether a role may do an action at the workspace level. */
export function isRoleAllowed(record: MatrixRecord, role: Role, action: Action): boolean {
  return readMatrix(record).isAllowed(role, action);
}

/** The keys without any rule (allow or deny) of this action for this subject. */
function withoutRule(permissions: readonly string[], subject: Subject, action: Action): string[] {
  return permissions.filter((key) => {
    const rule = parseKey(key);
    return !rule || rule.subject !== subject || rule.action !== action;
  });
}

/**
 * The record's keys after setting a role's cell. Any key of the same action and role is dropped;
 * a new key is written only when the value would otherwise differ, so the record holds real
 * differences from the defaults and nothing else. The owner's cells never change.
 */
export function setRoleCell(record: MatrixRecord, role: Role, action: Action, allow: boolean): string[] {
  if (role === 'owner') return [...record.permissions];
  const subject: Subject = `role:${role}`;
  const permissions = withoutRule(record.permissions, subject, action);
  if (isRoleAllowed({ ...record, permissions }, role, action) === allow) return permissions;
  return [...permissions, formatKey({ action, allow, subject })];
}

/** The role keys the reset clears: every role but the owner's (this screen never edits those). */
const isEditableRoleKey = (key: string) => {
  const subject = parseKey(key)?.subject ?? '';
  return subject.startsWith('role:') && subject !== 'role:owner';
};

/** Back to the role defaults: role keys cleared; people, tags and anything else kept. */
export function resetRoleKeys(permissions: readonly string[]): string[] {
  return permissions.filter((key) => !isEditableRoleKey(key));
}

/** The record has role keys a reset would clear. */
export function hasRoleKeys(permissions: readonly string[]): boolean {
  return permissions.some(isEditableRoleKey);
}

/** A per-user rule of the workspace: an exception for one person. */
export interface UserOverride {
  key: string;
  userId: number;
  action: Action;
  allow: boolean;
}

/** The workspace's exceptions for people, in the record's order. */
export function listUserOverrides(permissions: readonly string[]): UserOverride[] {
  return permissions.flatMap((key) => {
    const rule = parseKey(key);
    if (!rule?.subject.startsWith('user:')) return [];
    return [
      { key, userId: Number(rule.subject.slice('user:'.length)), action: rule.action, allow: rule.allow },
    ];
  });
}

/** Adds (or replaces) the exception for one person and action. */
export function setUserOverride(
  permissions: readonly string[],
  userId: number,
  action: Action,
  allow: boolean,
): string[] {
  const subject: Subject = `user:${userId}`;
  return [...withoutRule(permissions, subject, action), formatKey({ action, allow, subject })];
}

/** Removes one exception by its key. */
export function removeUserOverride(permissions: readonly string[], key: string): string[] {
  return permissions.filter((k) => k !== key);
}

/** The same keys, whatever their order: a draft that only reordered keys is not a change. */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}
