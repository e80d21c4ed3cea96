import { describe, expect, test } from 'vitest';
import type { Role } from './actions';
import { freeMemberSeats, mayGrantRole, takesMemberSeat } from './invitations';

describe('which roles an inviter may give', () => {
  const ALL: Role[] = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'];
  test.each([
    {
      inviterRole: 'owner',
      canEditRoles: true,
      allowed: ['admin', 'full-member', 'restricted-member', 'guest'],
    },
    {
      inviterRole: 'admin',
      canEditRoles: true,
      allowed: ['admin', 'full-member', 'restricted-member', 'guest'],
    },
    {
      inviterRole: 'full-member',
      canEditRoles: false,
      allowed: ['full-member', 'restricted-member', 'guest'],
    },
    {
      inviterRole: 'full-member',
      canEditRoles: true,
      allowed: ['admin', 'full-member', 'restricted-member', 'guest'],
    },
    { inviterRole: 'restricted-member', canEditRoles: false, allowed: ['restricted-member', 'guest'] },
    { inviterRole: 'guest', canEditRoles: false, allowed: ['guest'] },
  ] as const)('$inviterRole (edits roles: $canEditRoles) may give $allowed and nothing else', (row) => {
    const allowed = ALL.filter((role) =>
      mayGrantRole({ inviterRole: row.inviterRole, canEditRoles: row.canEditRoles, role }),
    );
    expect(allowed).toEqual(row.allowed);
  });
});

describe('member seats', () => {
  test.each([
    { limit: 5, taken: 0, free: 5 },
    { limit: 5, taken: 4, free: 1 },
    { limit: 5, taken: 5, free: 0 },
    { limit: 5, taken: 7, free: 0 },
    { limit: null, taken: 1000, free: Number.POSITIVE_INFINITY },
    { limit: undefined, taken: 3, free: Number.POSITIVE_INFINITY },
  ])('limit $limit with $taken taken leaves $free', ({ limit, taken, free }) => {
    expect(freeMemberSeats(limit, taken)).toBe(free);
  });

  test.each([
    ['admin', true],
    ['full-member', true],
    ['restricted-member', true],
    ['guest', false],
  ] as const)('a %s takes a seat: %s', (role, seated) => {
    expect(takesMemberSeat(role)).toBe(seated);
  });
});
