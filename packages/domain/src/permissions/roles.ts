import type { Role } from './actions';

export interface RoleInput {
  userId: number;
  /** The account is a guest account. */
  isGuestUser: boolean;
  teamOwnerId: number;
  /** The member's pivot role, or null when the user is not a member. */
  memberRole: Exclude<Role, 'owner'> | null;
  /** Under white-label, only the white-label workspace's owner counts as owner. */
  whiteLabelOwnerId?: number | null;
}

/**
 * The user's own role in a workspace (spec section 6): owner by owner id (or the white-label
 * owner); guest for guest accounts and non-members; otherwise the membership's role.
 */
export function resolveRole(input: RoleInput): Role {
  const ownerId = input.whiteLabelOwnerId ?? input.teamOwnerId;
  if (input.userId === ownerId) return 'owner';
  if (input.isGuestUser || input.memberRole === null) return 'guest';
  return input.memberRole;
}
