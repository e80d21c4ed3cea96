import { describe, expect, test } from 'vitest';
import { mayChangeView, type ViewPermission } from './view-permissions';

const ME = 7;
const OTHER = 9;

describe('who may change or delete a view', () => {
  test.each([
    // Own personal view: always, whatever the board grants.
    { view: 'personal', by: ME, locked: false, grants: [], action: 'CUSTOMIZE_TABS', allowed: true },
    { view: 'personal', by: ME, locked: true, grants: [], action: 'DELETE_TABS', allowed: true },
    // Someone else's personal view: only through the board permission, like a shared one.
    { view: 'personal', by: OTHER, locked: false, grants: [], action: 'CUSTOMIZE_TABS', allowed: false },
    // Shared, unlocked: the action's own permission decides.
    { view: 'shared', by: ME, locked: false, grants: [], action: 'CUSTOMIZE_TABS', allowed: false },
    {
      view: 'shared',
      by: OTHER,
      locked: false,
      grants: ['CUSTOMIZE_TABS'],
      action: 'CUSTOMIZE_TABS',
      allowed: true,
    },
    {
      view: 'shared',
      by: OTHER,
      locked: false,
      grants: ['CUSTOMIZE_TABS'],
      action: 'DELETE_TABS',
      allowed: false,
    },
    {
      view: 'shared',
      by: OTHER,
      locked: false,
      grants: ['DELETE_TABS'],
      action: 'DELETE_TABS',
      allowed: true,
    },
    // Shared and locked: EDIT_LOCKED_VIEWS as well, and it alone is not enough.
    {
      view: 'shared',
      by: OTHER,
      locked: true,
      grants: ['CUSTOMIZE_TABS'],
      action: 'CUSTOMIZE_TABS',
      allowed: false,
    },
    {
      view: 'shared',
      by: OTHER,
      locked: true,
      grants: ['EDIT_LOCKED_VIEWS'],
      action: 'CUSTOMIZE_TABS',
      allowed: false,
    },
    {
      view: 'shared',
      by: OTHER,
      locked: true,
      grants: ['CUSTOMIZE_TABS', 'EDIT_LOCKED_VIEWS'],
      action: 'CUSTOMIZE_TABS',
      allowed: true,
    },
    {
      view: 'shared',
      by: ME,
      locked: true,
      grants: ['DELETE_TABS', 'EDIT_LOCKED_VIEWS'],
      action: 'DELETE_TABS',
      allowed: true,
    },
  ] as const)('$view view by user $by, locked $locked, granted $grants: $action allowed $allowed', (row) => {
    const granted = new Set<ViewPermission>(row.grants);
    const allowed = mayChangeView({
      view: { visibility: row.view, createdBy: row.by, locked: row.locked },
      userId: ME,
      action: row.action,
      can: (permission) => granted.has(permission),
    });
    expect(allowed).toBe(row.allowed);
  });
});
