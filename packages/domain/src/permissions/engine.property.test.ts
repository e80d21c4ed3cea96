import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Action, ROLES, type Role, TAGS } from './actions';
import { defaultLevel } from './defaults';
import { type Actor, decide, effectiveRules, isFolderHidden, type PermissionLevel } from './engine';
import { formatKey, type Rule, type Subject } from './rules';

// Few actions and users, so that random rules collide and override each other often.
const ACTION_POOL: Action[] = ['VIEW_FOLDER', 'EDIT_ALL_ITEMS', 'EXPORT'];
const action = fc.constantFrom(...ACTION_POOL);
const role = fc.constantFrom(...ROLES);
const subject: fc.Arbitrary<Subject> = fc.oneof(
  role.map((r) => `role:${r}` as Subject),
  fc.constantFrom(...TAGS).map((t) => `tag:${t}` as Subject),
  fc.integer({ min: 1, max: 4 }).map((id) => `user:${id}` as Subject),
);
const rule: fc.Arbitrary<Rule> = fc.record({ action, allow: fc.boolean(), subject });
const level: fc.Arbitrary<PermissionLevel> = fc.record({
  permissions: fc.array(rule.map(formatKey), { maxLength: 6 }),
  final_permissions: fc.subarray(ACTION_POOL, { maxLength: 2 }),
});
const levels = fc.array(level, { minLength: 1, maxLength: 4 }).map((ls) => [defaultLevel(), ...ls]);
const actor: fc.Arbitrary<Actor> = fc.record({
  userId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  role: role as fc.Arbitrary<Role>,
  isBoardMember: fc.boolean(),
});
const runs = { numRuns: 500 };

describe('permission engine properties', () => {
  test('revoking never adds access: adding a deny anywhere, or removing an allow, cannot turn no into yes', () => {
    fc.assert(
      fc.property(levels, actor, action, subject, fc.nat(), (ls, who, act, subj, pick) => {
        const before = decide(effectiveRules(ls), who, act);
        const at = pick % ls.length;
        const withDeny = ls.map((l, i) =>
          i === at
            ? {
                ...l,
                permissions: [...l.permissions, formatKey({ action: act, allow: false, subject: subj })],
              }
            : l,
        );
        expect(decide(effectiveRules(withDeny), who, act) && !before).toBe(false);
        const withoutAllow = ls.map((l, i) =>
          i === at
            ? { ...l, permissions: l.permissions.filter((key) => !key.startsWith(`${act}:allow:`)) }
            : l,
        );
        expect(decide(effectiveRules(withoutAllow), who, act) && !before).toBe(false);
      }),
      runs,
    );
  });

  test('an explicit own rule beats everything inherited for its subject', () => {
    fc.assert(
      fc.property(levels, fc.integer({ min: 1, max: 4 }), action, fc.boolean(), (ls, userId, act, allow) => {
        const who: Actor = { userId, role: 'full-member', isBoardMember: true };
        const own = {
          permissions: [formatKey({ action: act, allow, subject: `user:${userId}` })],
          final_permissions: [],
        };
        expect(decide(effectiveRules([...ls, own]), who, act)).toBe(allow);
      }),
      runs,
    );
  });

  test('a hidden parent hides its children from everyone its own rules do not let in (never the owner)', () => {
    fc.assert(
      fc.property(levels, fc.array(level, { maxLength: 3 }), actor, (ls, children, who) => {
        // The hidden folder and its children grant VIEW_FOLDER to nobody.
        const noViewGrants = (l: PermissionLevel) => ({
          ...l,
          permissions: l.permissions.filter((key) => !key.startsWith('VIEW_FOLDER:allow:')),
        });
        const hidden = { permissions: [], final_permissions: ['VIEW_FOLDER'] };
        const chain = [...ls, hidden, ...children.map(noViewGrants)];
        expect(isFolderHidden([hidden, ...children])).toBe(true);
        expect(decide(effectiveRules(chain), who, 'VIEW_FOLDER')).toBe(
          who.role === 'owner' && who.userId !== null,
        );
      }),
      runs,
    );
  });

  test('final actions: inherited rules of those actions count only when they are the owner’s', () => {
    fc.assert(
      fc.property(levels, level, action, actor, (above, below, act, who) => {
        const finalLevel = { ...below, final_permissions: [act] };
        const expected = effectiveRules(above).filter((r) => r.action !== act || r.subject === 'role:owner');
        const rebuilt = [{ permissions: expected.map(formatKey), final_permissions: [] }, finalLevel];
        expect(decide(effectiveRules([...above, finalLevel]), who, act)).toBe(
          decide(effectiveRules(rebuilt), who, act),
        );
      }),
      runs,
    );
  });
});
