import { ACTIONS, type Action, ROLES, type Role } from '@strata/domain/permissions/actions';
import { defaultLevel, privateBoardLevel, ROLE_DEFAULTS } from '@strata/domain/permissions/defaults';
import { inheritedKeys } from '@strata/domain/permissions/engine';
import { describe, expect, test } from 'vitest';
import {
  ACTION_GROUPS,
  hasRoleKeys,
  isRoleAllowed,
  listUserOverrides,
  type MatrixRecord,
  readMatrix,
  removeUserOverride,
  resetRoleKeys,
  sameKeys,
  setRoleCell,
  setUserOverride,
} from './permission-matrix';

const inherited = defaultLevel().permissions;
const record = (permissions: string[] = [], final_permissions: string[] = []): MatrixRecord => ({
  permissions,
  final_permissions,
  inherited_permissions: inherited,
});

describe('the matrix groups', () => {
  test('hold every action exactly once', () => {
    const grouped = ACTION_GROUPS.flatMap((group) => group.actions);
    expect([...grouped].sort()).toEqual([...ACTIONS].sort());
  });
});

describe('a cell', () => {
  test.each(ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const)))(
    '%s / %s shows the role default when the workspace has no keys',
    (role, action) => {
      expect(isRoleAllowed(record(), role, action)).toBe(ROLE_DEFAULTS[role].includes(action));
      expect(readMatrix(record()).isChanged(role, action)).toBe(false);
    },
  );

  test.each<[string, string[], Role, Action, boolean]>([
    ['a workspace allow', ['DELETE_BOARDS:allow:role:guest'], 'guest', 'DELETE_BOARDS', true],
    ['a workspace deny', ['DELETE_ITEMS:deny:role:full-member'], 'full-member', 'DELETE_ITEMS', false],
    ['a rule of another role', ['DELETE_ITEMS:deny:role:admin'], 'full-member', 'DELETE_ITEMS', true],
    ['a user rule', ['DELETE_ITEMS:deny:user:7'], 'full-member', 'DELETE_ITEMS', true],
    ['an owner deny (ignored)', ['EXPORT:deny:role:owner'], 'owner', 'EXPORT', true],
    ['a malformed key (ignored)', ['EXPORT:deny:role:nobody'], 'guest', 'EXPORT', false],
  ])('with %s reads the workspace value', (_, permissions, role, action, allowed) => {
    expect(isRoleAllowed(record(permissions), role, action)).toBe(allowed);
  });

  test('a final action without a rule for the role is not allowed', () => {
    expect(isRoleAllowed(record([], ['EXPORT']), 'admin', 'EXPORT')).toBe(false);
    expect(isRoleAllowed(record([], ['EXPORT']), 'owner', 'EXPORT')).toBe(true);
  });

  test('is marked changed only when it differs from the default', () => {
    const changed = record(['DELETE_ITEMS:deny:role:full-member', 'EXPORT:allow:role:restricted-member']);
    const matrix = readMatrix(changed);
    expect(matrix.isChanged('full-member', 'DELETE_ITEMS')).toBe(true);
    expect(matrix.isChanged('restricted-member', 'EXPORT')).toBe(false);
    expect(matrix.isDefault('full-member', 'DELETE_ITEMS')).toBe(true);
    expect(matrix.isAllowed('full-member', 'DELETE_ITEMS')).toBe(false);
  });
});

describe('toggling a role cell', () => {
  test.each<[string, string[], Role, Action, boolean, string[]]>([
    [
      'to a non-default value adds the key',
      [],
      'full-member',
      'DELETE_ITEMS',
      false,
      ['DELETE_ITEMS:deny:role:full-member'],
    ],
    ['to a non-default allow adds the key', [], 'guest', 'EXPORT', true, ['EXPORT:allow:role:guest']],
    [
      'back to the default removes the key',
      ['DELETE_ITEMS:deny:role:full-member'],
      'full-member',
      'DELETE_ITEMS',
      true,
      [],
    ],
    [
      'replaces the opposite key of the same action and role',
      ['EXPORT:deny:role:guest', 'USE_AI:allow:role:guest'],
      'guest',
      'EXPORT',
      true,
      ['USE_AI:allow:role:guest', 'EXPORT:allow:role:guest'],
    ],
    [
      'removes every opposite key when going back to the default',
      ['EXPORT:deny:role:admin', 'EXPORT:deny:role:admin'],
      'admin',
      'EXPORT',
      true,
      [],
    ],
    [
      'drops a redundant key equal to the default',
      ['EXPORT:allow:role:guest', 'EXPORT:deny:role:guest'],
      'guest',
      'EXPORT',
      false,
      [],
    ],
    [
      'keeps keys of other subjects and actions untouched',
      ['EXPORT:deny:user:4', 'EXPORT:allow:tag:guest_user', 'DELETE_ITEMS:deny:role:guest', 'bad:key'],
      'guest',
      'EXPORT',
      true,
      [
        'EXPORT:deny:user:4',
        'EXPORT:allow:tag:guest_user',
        'DELETE_ITEMS:deny:role:guest',
        'bad:key',
        'EXPORT:allow:role:guest',
      ],
    ],
    [
      'never changes the owner',
      ['EXPORT:allow:role:owner'],
      'owner',
      'EXPORT',
      false,
      ['EXPORT:allow:role:owner'],
    ],
    ['never adds an owner key', [], 'owner', 'DELETE_WORKSPACE', false, []],
  ])('%s', (_, permissions, role, action, allow, expected) => {
    const next = setRoleCell(record(permissions), role, action, allow);
    expect(next).toEqual(expected);
    if (role !== 'owner') expect(isRoleAllowed(record(next), role, action)).toBe(allow);
  });

  test('writes the key a final action needs even when it equals the default', () => {
    expect(setRoleCell(record([], ['EXPORT']), 'admin', 'EXPORT', true)).toEqual(['EXPORT:allow:role:admin']);
  });
});

describe('reset to defaults', () => {
  test('clears role keys and keeps people, tags, the owner and unknown keys', () => {
    const permissions = [
      'DELETE_ITEMS:deny:role:full-member',
      'EXPORT:allow:role:guest',
      'EXPORT:deny:user:4',
      'VIEW_BOARD:allow:tag:guest_user',
      'EXPORT:allow:role:owner',
      'bad:key',
    ];
    expect(resetRoleKeys(permissions)).toEqual([
      'EXPORT:deny:user:4',
      'VIEW_BOARD:allow:tag:guest_user',
      'EXPORT:allow:role:owner',
      'bad:key',
    ]);
    expect(hasRoleKeys(permissions)).toBe(true);
    expect(hasRoleKeys(resetRoleKeys(permissions))).toBe(false);
  });
});

describe('exceptions for people', () => {
  test('are listed from the user keys only', () => {
    expect(
      listUserOverrides(['EXPORT:deny:user:4', 'EXPORT:allow:role:guest', 'DELETE_ITEMS:allow:user:12']),
    ).toEqual([
      { key: 'EXPORT:deny:user:4', userId: 4, action: 'EXPORT', allow: false },
      { key: 'DELETE_ITEMS:allow:user:12', userId: 12, action: 'DELETE_ITEMS', allow: true },
    ]);
  });

  test.each<[string, string[], number, Action, boolean, string[]]>([
    [
      'adds a new exception',
      ['EXPORT:deny:role:guest'],
      4,
      'EXPORT',
      true,
      ['EXPORT:deny:role:guest', 'EXPORT:allow:user:4'],
    ],
    ['replaces the opposite exception', ['EXPORT:deny:user:4'], 4, 'EXPORT', true, ['EXPORT:allow:user:4']],
    [
      'does not repeat the same exception',
      ['EXPORT:deny:user:4'],
      4,
      'EXPORT',
      false,
      ['EXPORT:deny:user:4'],
    ],
    [
      'keeps other people and actions',
      ['EXPORT:deny:user:5', 'USE_AI:deny:user:4'],
      4,
      'EXPORT',
      false,
      ['EXPORT:deny:user:5', 'USE_AI:deny:user:4', 'EXPORT:deny:user:4'],
    ],
  ])('%s', (_, permissions, userId, action, allow, expected) => {
    expect(setUserOverride(permissions, userId, action, allow)).toEqual(expected);
  });

  test('removes one exception by its key and nothing else', () => {
    expect(
      removeUserOverride(
        ['EXPORT:deny:user:4', 'USE_AI:deny:user:4', 'EXPORT:deny:role:guest'],
        'EXPORT:deny:user:4',
      ),
    ).toEqual(['USE_AI:deny:user:4', 'EXPORT:deny:role:guest']);
  });
});

describe('a draft', () => {
  test.each<[string[], string[], boolean]>([
    [[], [], true],
    [['a', 'b'], ['b', 'a'], true],
    [['a'], ['a', 'b'], false],
    [['a', 'a'], ['a'], true],
  ])('%j and %j are the same keys: %s', (a, b, same) => {
    expect(sameKeys(a, b)).toBe(same);
  });
});

describe('at a board (below the workspace)', () => {
  // What the server sends as a board's inherited keys: defaults, the workspace's record and the
  // private rules of a private board.
  const workspace = ['EXPORT:deny:role:full-member', 'DELETE_ITEMS:allow:role:restricted-member'];
  const boardInherited = inheritedKeys([
    defaultLevel(),
    { permissions: workspace, final_permissions: [] },
    privateBoardLevel(),
  ]);
  const board = (permissions: string[] = []): MatrixRecord => ({
    permissions,
    final_permissions: [],
    inherited_permissions: boardInherited,
  });

  test("cells start from the workspace's values, unchanged; the privacy rules are not role cells", () => {
    const matrix = readMatrix(board());
    expect(matrix.isAllowed('full-member', 'EXPORT')).toBe(false);
    expect(matrix.isAllowed('restricted-member', 'DELETE_ITEMS')).toBe(true);
    expect(matrix.isAllowed('full-member', 'VIEW_BOARD')).toBe(true);
    expect(ROLES.some((role) => ACTIONS.some((action) => matrix.isChanged(role, action)))).toBe(false);
  });

  test('a change is marked against the workspace, and setting it back removes the key', () => {
    const changed = setRoleCell(board(), 'full-member', 'EXPORT', true);
    expect(changed).toEqual(['EXPORT:allow:role:full-member']);
    expect(readMatrix(board(changed)).isChanged('full-member', 'EXPORT')).toBe(true);
    expect(setRoleCell(board(changed), 'full-member', 'EXPORT', false)).toEqual([]);
  });

  test('per-person exceptions of a board are read and written as at the workspace', () => {
    const keys = setUserOverride(board().permissions, 12, 'DELETE_ITEMS', true);
    expect(listUserOverrides(keys)).toEqual([
      { key: 'DELETE_ITEMS:allow:user:12', userId: 12, action: 'DELETE_ITEMS', allow: true },
    ]);
    expect(resetRoleKeys([...keys, 'EXPORT:allow:role:guest'])).toEqual(keys);
  });
});
