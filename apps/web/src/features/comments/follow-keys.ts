import { teamQueryKey } from '../workspaces';

/** The caller's own following of an item (`GET .../follow`). */
export const followKey = (teamId: number, itemId: string) =>
  [...teamQueryKey(teamId), 'follow', itemId] as const;

/** Who follows an item (`GET .../followers`). */
export const followersKey = (teamId: number, itemId: string) =>
  [...teamQueryKey(teamId), 'followers', itemId] as const;
