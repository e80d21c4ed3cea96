import { teamQueryKey } from '../workspaces';

/** What can be followed: an item (its comments) or a folder view (the comments on what it shows). */
export interface FollowSubject {
  teamId: number;
  kind: 'items' | 'views';
  id: string;
}

/** The caller's own following (`GET`/`PUT .../follow`). */
export const followKey = ({ teamId, kind, id }: FollowSubject) =>
  [...teamQueryKey(teamId), 'follow', kind, id] as const;

/** Who follows (`GET`/`POST .../followers`). */
export const followersKey = ({ teamId, kind, id }: FollowSubject) =>
  [...teamQueryKey(teamId), 'followers', kind, id] as const;

export const followPath = ({ teamId, kind, id }: FollowSubject) => `/api/${teamId}/${kind}/${id}/follow`;
export const followersPath = ({ teamId, kind, id }: FollowSubject) =>
  `/api/${teamId}/${kind}/${id}/followers`;
