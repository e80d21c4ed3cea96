import type { ViewMember } from '../views/view-types';

/** Members shown at most in the mention list. */
export const MENTION_LIST_MAX = 8;

/**
 * The members matching what follows "@": names starting with it first (any word of the name), then
 * names containing it, case and accents ignored, at most 8.
 */
export function matchMembers(members: readonly ViewMember[], query: string): ViewMember[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const wanted = fold(query.trim());
  if (wanted === '') return members.slice(0, MENTION_LIST_MAX);
  const starting: ViewMember[] = [];
  const containing: ViewMember[] = [];
  for (const member of members) {
    const name = fold(member.name);
    if (name.split(/\s+/).some((word) => word.startsWith(wanted)) || name.startsWith(wanted))
      starting.push(member);
    else if (name.includes(wanted)) containing.push(member);
  }
  return [...starting, ...containing].slice(0, MENTION_LIST_MAX);
}
