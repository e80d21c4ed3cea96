import type { Action, Role } from './actions';
import { formatKey, parseKey, type Rule, type Subject, subjectWeight } from './rules';

/**
 * The permission record of one resource (spec section 3): its own keys, and the actions whose
 * inherited rules it refuses (`final_permissions`).
 */
export interface PermissionLevel {
  permissions: readonly string[];
  final_permissions: readonly string[];
}

/** Who is asking. `userId` null is the anonymous visitor of a public board (the guest user). */
export interface Actor {
  userId: number | null;
  role: Role;
  /** Member of the board in question (the board's user_ids). */
  isBoardMember: boolean;
  /** Preview mode grants everything (spec section 6). */
  pretend?: boolean;
}

/**
 * The rules in force at the bottom of a chain of levels, top (role defaults, workspace) first.
 * A level's own rule replaces an inherited one for the same action and subject; a level's final
 * actions drop the inherited rules of those actions, except the owner's; denies aimed at the
 * owner are ignored.
 */
export function effectiveRules(levels: readonly PermissionLevel[]): readonly Rule[] {
  // The same chain of level objects gives the same rules: remembered along the chain, weakly, so
  // that deciding for many people at once (everyone who follows an item) merges each chain once.
  let node: RulesNode | undefined;
  let next = chainRoots;
  for (const level of levels) {
    node = next.get(level);
    if (!node) {
      node = { next: new WeakMap() };
      next.set(level, node);
    }
    next = node.next;
  }
  if (!node) return [];
  node.rules ??= mergeLevels(levels);
  return node.rules;
}

interface RulesNode {
  rules?: readonly Rule[];
  next: WeakMap<PermissionLevel, RulesNode>;
}
const chainRoots = new WeakMap<PermissionLevel, RulesNode>();

function mergeLevels(levels: readonly PermissionLevel[]): readonly Rule[] {
  let rules = new Map<string, Rule>();
  for (const level of levels) {
    const { final, entries } = parsedLevel(level);
    if (final.size > 0) {
      rules = new Map(
        [...rules].filter(([, rule]) => !final.has(rule.action) || rule.subject === 'role:owner'),
      );
    }
    for (const [key, rule] of entries) rules.set(key, rule);
  }
  return [...rules.values()];
}

/**
 * Each level's keys parsed once per level object: the role defaults and the records a server
 * keeps in memory are asked about on every request, and parsing their keys again each time was
 * most of a write's permission checks. Levels are never changed once made (readonly arrays).
 */
const parsedLevels = new WeakMap<PermissionLevel, { final: Set<string>; entries: [string, Rule][] }>();

function parsedLevel(level: PermissionLevel): { final: Set<string>; entries: [string, Rule][] } {
  let parsed = parsedLevels.get(level);
  if (parsed) return parsed;
  const entries: [string, Rule][] = [];
  for (const key of level.permissions) {
    const rule = parseKey(key);
    // The owner cannot be locked out: a deny aimed at the owner has no effect.
    if (rule && !(rule.subject === 'role:owner' && !rule.allow))
      entries.push([`${rule.action}|${rule.subject}`, rule]);
  }
  parsed = { final: new Set(level.final_permissions), entries };
  parsedLevels.set(level, parsed);
  return parsed;
}

/**
 * The subjects an actor matches. The anonymous visitor matches only the guest-user tag: no role,
 * no membership, so only rules made for the public apply to them.
 */
export function actorSubjects(actor: Actor): Subject[] {
  if (actor.userId === null) return ['tag:guest_user'];
  const subjects: Subject[] = [`role:${actor.role}`, `user:${actor.userId}`];
  if (actor.isBoardMember || actor.role === 'owner') subjects.push('tag:board_member');
  else subjects.push('tag:board_locked_out');
  return subjects;
}

/**
 * Allowed when the highest-priority (lowest-weight) rule matching the actor allows; a deny wins
 * a tie; no matching rule means no.
 */
export function decide(rules: readonly Rule[], actor: Actor, action: Action): boolean {
  if (actor.pretend) return true;
  const mine = new Set(actorSubjects(actor));
  let best: { weight: number; allow: boolean } | null = null;
  for (const rule of rules) {
    if (rule.action !== action || !mine.has(rule.subject)) continue;
    const weight = subjectWeight(rule.subject);
    if (!best || weight < best.weight || (weight === best.weight && !rule.allow))
      best = { weight, allow: rule.allow };
  }
  return best?.allow ?? false;
}

export interface AccessQuestion {
  actor: Actor;
  /** The resource's chain of levels, top first (see effectiveRules). */
  levels: readonly PermissionLevel[];
  /** What the caller asks to do. */
  asked: readonly Action[];
  /** What seeing the resource takes (VIEW_BOARD, VIEW_FOLDER for things in folders). */
  required?: readonly Action[];
  /** Off only where the caller already proved visibility. */
  requiredChecks?: boolean;
}

/** Access needs every required permission (unless required checks are off) and every asked one. */
export function canAccess(question: AccessQuestion): boolean {
  const rules = effectiveRules(question.levels);
  const needed = [...(question.requiredChecks === false ? [] : (question.required ?? [])), ...question.asked];
  return needed.every((action) => decide(rules, question.actor, action));
}

/**
 * A folder is hidden when VIEW_FOLDER is among its final permissions or its parent is hidden.
 * `folders` is the chain of folder levels from the top folder down to the folder in question.
 */
export function isFolderHidden(folders: readonly PermissionLevel[]): boolean {
  return folders.some((level) => level.final_permissions.includes('VIEW_FOLDER'));
}

/** A board is public when the anonymous guest user may see it. */
export function isBoardPublic(levels: readonly PermissionLevel[]): boolean {
  return decide(effectiveRules(levels), { userId: null, role: 'guest', isBoardMember: false }, 'VIEW_BOARD');
}

/** Inherited keys as a permission record shows them (spec section 3, inherited_permissions). */
export function inheritedKeys(ancestors: readonly PermissionLevel[]): string[] {
  return effectiveRules(ancestors).map(formatKey).sort();
}
