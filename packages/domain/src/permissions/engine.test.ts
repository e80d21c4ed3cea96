import { describe, expect, test } from 'vitest';
import { ACTIONS, type Action, type Role } from './actions';
import { defaultLevel, privateBoardLevel, publicBoardLevel, ROLE_DEFAULTS } from './defaults';
import {
  type Actor,
  canAccess,
  decide,
  effectiveRules,
  inheritedKeys,
  isBoardPublic,
  isFolderHidden,
  type PermissionLevel,
} from './engine';
import { resolveRole } from './roles';
import { formatKey, parseKey } from './rules';

const level = (permissions: string[] = [], final: string[] = []): PermissionLevel => ({
  permissions,
  final_permissions: final,
});
const actor = (role: Role, extra: Partial<Actor> = {}): Actor => ({
  userId: 7,
  role,
  isBoardMember: true,
  ...extra,
});

describe('permission keys', () => {
  test.each([
    ['VIEW_BOARD:allow:role:admin', { action: 'VIEW_BOARD', allow: true, subject: 'role:admin' }],
    ['EDIT_ALL_ITEMS:deny:user:42', { action: 'EDIT_ALL_ITEMS', allow: false, subject: 'user:42' }],
    ['VIEW_BOARD:allow:tag:guest_user', { action: 'VIEW_BOARD', allow: true, subject: 'tag:guest_user' }],
    ['DELETE_WORKSPACE:allow:role:owner', { action: 'DELETE_WORKSPACE', allow: true, subject: 'role:owner' }],
  ])('%s parses and formats back', (key, rule) => {
    expect(parseKey(key)).toEqual(rule);
    expect(formatKey(parseKey(key)!)).toBe(key);
  });

  test.each([
    '',
    'VIEW_BOARD',
    'FLY:allow:role:admin',
    'VIEW_BOARD:maybe:role:admin',
    'VIEW_BOARD:allow:role:king',
    'VIEW_BOARD:allow:user:0',
    'VIEW_BOARD:allow:user:x',
    'VIEW_BOARD:allow:role:admin:extra',
  ])('%j is not a key and is ignored', (key) => {
    expect(parseKey(key)).toBeNull();
  });
});

describe('role x action matrix with the defaults: allowed AND denied, per role', () => {
  const rules = effectiveRules([defaultLevel()]);
  const roles: Role[] = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'];
  test.each(roles)('%s', (role) => {
    const allowed = ACTIONS.filter((action) => decide(rules, actor(role), action));
    const denied = ACTIONS.filter((action) => !decide(rules, actor(role), action));
    expect(allowed).toEqual(ACTIONS.filter((a) => ROLE_DEFAULTS[role].includes(a)));
    expect(denied).toEqual(ACTIONS.filter((a) => !ROLE_DEFAULTS[role].includes(a)));
  });

  test.each([
    { role: 'admin', action: 'DELETE_WORKSPACE', allowed: false },
    { role: 'admin', action: 'MANAGE_PERMISSIONS', allowed: true },
    { role: 'full-member', action: 'EDIT_MEMBER_ROLES', allowed: false },
    { role: 'full-member', action: 'DELETE_ITEMS', allowed: true },
    { role: 'restricted-member', action: 'EDIT_ALL_ITEMS', allowed: false },
    { role: 'restricted-member', action: 'EDIT_OWN_ITEMS', allowed: true },
    { role: 'guest', action: 'CREATE_ITEMS', allowed: false },
    { role: 'guest', action: 'ADD_COMMENTS', allowed: true },
  ] as { role: Role; action: Action; allowed: boolean }[])(
    '$role $action -> $allowed',
    ({ role, action, allowed }) => {
      expect(decide(rules, actor(role), action)).toBe(allowed);
    },
  );
});

describe('priorities: the lowest weight wins, deny wins a tie', () => {
  test('a user rule (10) beats the role (100)', () => {
    const rules = effectiveRules([defaultLevel(), level(['EDIT_ALL_ITEMS:deny:user:7'])]);
    expect(decide(rules, actor('admin'), 'EDIT_ALL_ITEMS')).toBe(false);
    expect(decide(rules, actor('admin', { userId: 8 }), 'EDIT_ALL_ITEMS')).toBe(true);
  });

  test('a deny aimed at the owner has no effect', () => {
    const rules = effectiveRules([defaultLevel(), level(['EXPORT:deny:role:owner'])]);
    expect(decide(rules, actor('owner'), 'EXPORT')).toBe(true);
  });

  test('the owner (0) cannot be locked out, not even by a user rule', () => {
    const rules = effectiveRules([defaultLevel(), level(['VIEW_BOARD:deny:user:7'])]);
    expect(decide(rules, actor('owner'), 'VIEW_BOARD')).toBe(true);
  });

  test('a private board: members see it, non-members do not, the owner does', () => {
    const rules = effectiveRules([defaultLevel(), privateBoardLevel()]);
    expect(decide(rules, actor('full-member', { isBoardMember: true }), 'VIEW_BOARD')).toBe(true);
    expect(decide(rules, actor('full-member', { isBoardMember: false }), 'VIEW_BOARD')).toBe(false);
    expect(decide(rules, actor('admin', { isBoardMember: false }), 'VIEW_BOARD')).toBe(false);
    expect(decide(rules, actor('owner', { isBoardMember: false }), 'VIEW_BOARD')).toBe(true);
  });

  test('a deny and an allow of the same weight: deny wins', () => {
    const rules = effectiveRules([
      level(['EXPORT:allow:user:7']),
      level([], []),
      level(['EXPORT:deny:user:7']),
    ]);
    expect(decide(rules, actor('admin'), 'EXPORT')).toBe(false);
  });

  test('no matching rule means no access', () => {
    expect(decide([], actor('admin'), 'EXPORT')).toBe(false);
  });

  test('pretend mode grants everything', () => {
    expect(decide([], actor('guest', { pretend: true }), 'DELETE_WORKSPACE')).toBe(true);
  });
});

describe('inheritance and final permissions', () => {
  test('own rules override inherited ones for the same action and subject', () => {
    const rules = effectiveRules([defaultLevel(), level(['DELETE_ITEMS:deny:role:full-member'])]);
    expect(decide(rules, actor('full-member'), 'DELETE_ITEMS')).toBe(false);
    expect(inheritedKeys([defaultLevel(), level(['DELETE_ITEMS:deny:role:full-member'])])).toContain(
      'DELETE_ITEMS:deny:role:full-member',
    );
  });

  test('final actions drop inherited rules, but not the owner’s', () => {
    const hidden = level(['VIEW_FOLDER:allow:user:9'], ['VIEW_FOLDER']);
    const rules = effectiveRules([defaultLevel(), hidden]);
    expect(decide(rules, actor('admin'), 'VIEW_FOLDER')).toBe(false);
    expect(decide(rules, actor('full-member', { userId: 9 }), 'VIEW_FOLDER')).toBe(true);
    expect(decide(rules, actor('owner'), 'VIEW_FOLDER')).toBe(true);
    // Other actions still inherit.
    expect(decide(rules, actor('admin'), 'EDIT_FOLDERS')).toBe(true);
  });

  test('a folder is hidden when VIEW_FOLDER is final on it or on a parent', () => {
    expect(isFolderHidden([level(), level()])).toBe(false);
    expect(isFolderHidden([level([], ['VIEW_FOLDER']), level()])).toBe(true);
    expect(isFolderHidden([level(), level([], ['EXPORT'])])).toBe(false);
  });

  test('access needs the required permissions unless required checks are off', () => {
    const levels = [defaultLevel(), level(['VIEW_FOLDER:deny:role:full-member'])];
    const question = {
      actor: actor('full-member'),
      levels,
      asked: ['EDIT_ALL_ITEMS'] as const,
      required: ['VIEW_BOARD', 'VIEW_FOLDER'] as const,
    };
    expect(canAccess(question)).toBe(false);
    expect(canAccess({ ...question, requiredChecks: false })).toBe(true);
    expect(canAccess({ ...question, actor: actor('admin') })).toBe(true);
  });

  test('a board is public when the guest user may view it', () => {
    expect(isBoardPublic([defaultLevel()])).toBe(false);
    expect(isBoardPublic([defaultLevel(), publicBoardLevel()])).toBe(true);
  });
});

describe('own role', () => {
  test.each([
    { input: { userId: 1, isGuestUser: false, teamOwnerId: 1, memberRole: null }, role: 'owner' },
    { input: { userId: 2, isGuestUser: false, teamOwnerId: 1, memberRole: 'admin' }, role: 'admin' },
    { input: { userId: 2, isGuestUser: true, teamOwnerId: 1, memberRole: 'full-member' }, role: 'guest' },
    { input: { userId: 3, isGuestUser: false, teamOwnerId: 1, memberRole: null }, role: 'guest' },
    {
      input: { userId: 1, isGuestUser: false, teamOwnerId: 1, memberRole: 'admin', whiteLabelOwnerId: 5 },
      role: 'admin',
    },
    {
      input: {
        userId: 5,
        isGuestUser: false,
        teamOwnerId: 1,
        memberRole: 'full-member',
        whiteLabelOwnerId: 5,
      },
      role: 'owner',
    },
  ] as const)('$input -> $role', ({ input, role }) => {
    expect(resolveRole(input)).toBe(role);
  });
});
