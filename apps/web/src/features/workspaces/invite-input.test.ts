import type { Role } from '@strata/domain/permissions/actions';
import { describe, expect, test } from 'vitest';
import {
  defaultInviteRole,
  grantableRoles,
  matchRejections,
  parseInviteInput,
  withoutAddresses,
} from './invite-input';

describe('parseInviteInput', () => {
  test.each([
    { name: 'empty text', text: '', valid: [], invalid: [] },
    { name: 'only separators', text: ' ,\n\t, ', valid: [], invalid: [] },
    { name: 'one address', text: 'ann@example.com', valid: ['ann@example.com'], invalid: [] },
    {
      name: 'comma',
      text: 'ann@example.com,bo@example.com',
      valid: ['ann@example.com', 'bo@example.com'],
      invalid: [],
    },
    {
      name: 'space',
      text: 'ann@example.com bo@example.com',
      valid: ['ann@example.com', 'bo@example.com'],
      invalid: [],
    },
    {
      name: 'new line',
      text: 'ann@example.com\nbo@example.com',
      valid: ['ann@example.com', 'bo@example.com'],
      invalid: [],
    },
    {
      name: 'mixed separators, runs of them and outer blanks',
      text: '  ann@example.com, \n bo@example.com\t\tcy@example.com ,,\r\ndi@example.com  ',
      valid: ['ann@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com'],
      invalid: [],
    },
    {
      name: 'duplicates kept once, as first typed, whatever their case',
      text: 'Ann@Example.com ann@example.com, ANN@EXAMPLE.COM bo@example.com bo@example.com',
      valid: ['Ann@Example.com', 'bo@example.com'],
      invalid: [],
    },
    {
      name: 'invalid entries apart, in typed order',
      text: 'ann@example.com nope bo@ @example.com cy@example x@y.z',
      valid: ['ann@example.com', 'x@y.z'],
      invalid: ['nope', 'bo@', '@example.com', 'cy@example'],
    },
    { name: 'duplicate invalid entries kept once', text: 'nope NOPE nope', valid: [], invalid: ['nope'] },
  ])('$name', ({ text, valid, invalid }) => {
    expect(parseInviteInput(text)).toEqual({ valid, invalid });
  });
});

test.each([
  { text: 'a@x.io, b@x.io\nc@x.io', sent: ['b@x.io'], left: 'a@x.io\nc@x.io' },
  { text: 'A@x.io b@x.io', sent: ['a@x.io'], left: 'b@x.io' },
  { text: 'a@x.io b@x.io', sent: ['a@x.io', 'b@x.io'], left: '' },
  { text: 'a@x.io nope', sent: [], left: 'a@x.io\nnope' },
])('withoutAddresses($text, $sent) leaves $left', ({ text, sent, left }) => {
  expect(withoutAddresses(text, sent)).toBe(left);
});

describe('grantableRoles', () => {
  test.each<{ inviterRole: Role; canEditRoles: boolean; roles: string[]; fallback: string | null }>([
    {
      inviterRole: 'owner',
      canEditRoles: true,
      roles: ['admin', 'full-member', 'restricted-member', 'guest'],
      fallback: 'full-member',
    },
    {
      inviterRole: 'admin',
      canEditRoles: true,
      roles: ['admin', 'full-member', 'restricted-member', 'guest'],
      fallback: 'full-member',
    },
    {
      inviterRole: 'admin',
      canEditRoles: false,
      roles: ['admin', 'full-member', 'restricted-member', 'guest'],
      fallback: 'full-member',
    },
    {
      inviterRole: 'full-member',
      canEditRoles: false,
      roles: ['full-member', 'restricted-member', 'guest'],
      fallback: 'full-member',
    },
    {
      inviterRole: 'restricted-member',
      canEditRoles: false,
      roles: ['restricted-member', 'guest'],
      fallback: 'restricted-member',
    },
    { inviterRole: 'guest', canEditRoles: false, roles: ['guest'], fallback: 'guest' },
    {
      inviterRole: 'guest',
      canEditRoles: true,
      roles: ['admin', 'full-member', 'restricted-member', 'guest'],
      fallback: 'full-member',
    },
  ])(
    'a $inviterRole (may edit roles: $canEditRoles) may give $roles, default $fallback',
    ({ inviterRole, canEditRoles, roles, fallback }) => {
      const granted = grantableRoles({ inviterRole, canEditRoles });
      expect(granted).toEqual(roles);
      expect(defaultInviteRole(granted)).toBe(fallback);
    },
  );

  test('no role to give has no default', () => {
    expect(defaultInviteRole([])).toBeNull();
  });
});

test('each refusal is tied to the address at its index in what was sent', () => {
  const sent = ['Ann@x.io', 'bo@x.io', 'cy@x.io'];
  const errors = [
    {
      path: 'invitations.2.email',
      message: 'cy',
      code: 'ALREADY_MEMBER' as const,
      params: { email: 'cy@x.io' },
    },
    { path: 'invitations.0.email', message: 'ann', code: 'INVALID_EMAIL' as const },
    { path: 'invitations.9.email', message: 'out of range' },
    { path: 'boardId', message: 'not an address' },
  ];
  expect(matchRejections(errors, sent)).toEqual([
    { key: 'cy@x.io', error: errors[0] },
    { key: 'ann@x.io', error: errors[1] },
  ]);
});
