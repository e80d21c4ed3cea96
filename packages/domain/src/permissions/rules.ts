import { type Action, isAction, ROLES, type Role, TAGS, type Tag } from './actions';

export type Subject = `role:${Role}` | `tag:${Tag}` | `user:${number}`;

/** One rule: a subject is allowed or denied an action. */
export interface Rule {
  action: Action;
  allow: boolean;
  subject: Subject;
}

/**
 * Permission keys are colon-separated: `{ACTION}:{allow|deny}:{subject}`, where the subject is
 * `role:{role}`, `tag:{tag}` or `user:{id}` — so the user token `user:{id}` is segments 3-4 and
 * a fourth segment `owner` marks the owner's rules.
 */
export function formatKey(rule: Rule): string {
  return `${rule.action}:${rule.allow ? 'allow' : 'deny'}:${rule.subject}`;
}

/** A key that does not follow the format answers null (it is ignored, never guessed at). */
export function parseKey(key: string): Rule | null {
  const [action, effect, kind, value, ...rest] = key.split(':');
  if (rest.length > 0 || !action || !isAction(action) || (effect !== 'allow' && effect !== 'deny'))
    return null;
  const subject = parseSubject(kind, value);
  return subject ? { action, allow: effect === 'allow', subject } : null;
}

function parseSubject(kind: string | undefined, value: string | undefined): Subject | null {
  if (kind === 'role' && (ROLES as readonly string[]).includes(value ?? '')) return `role:${value as Role}`;
  if (kind === 'tag' && (TAGS as readonly string[]).includes(value ?? '')) return `tag:${value as Tag}`;
  if (kind === 'user' && /^[1-9]\d*$/.test(value ?? '')) return `user:${Number(value)}`;
  return null;
}

/**
 * Priority of a subject: the lowest weight among the rules that match an actor wins. The owner
 * (0) beats a named user (10), the anonymous guest user (20), board membership tags (50, 60) and
 * every other role (100).
 */
export function subjectWeight(subject: Subject): number {
  if (subject === 'role:owner') return 0;
  if (subject.startsWith('user:')) return 10;
  if (subject === 'tag:guest_user') return 20;
  if (subject === 'tag:board_member') return 50;
  if (subject === 'tag:board_locked_out') return 60;
  return 100;
}
