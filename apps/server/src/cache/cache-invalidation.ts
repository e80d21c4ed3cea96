/** What a committed write tells every process to forget. */
export type CacheInvalidation =
  /** The user's row changed (profile, password, guest flag): their tokens and standings. */
  | { scope: 'user'; userId: number }
  /** The session was revoked (sign-out, refresh reuse, password change): its tokens. */
  | { scope: 'session'; sessionId: string }
  /** Memberships, roles, the workspace's record or row: every member's standing. */
  | { scope: 'team'; teamId: number }
  /** Attributes of the workspace's boards were created, changed, deleted or restored. */
  | { scope: 'attributes'; teamId: number }
  /**
   * Items (or what their lists show) of the workspace changed: its folder snapshots, those that do
   * not hold change number `seq` yet when it is given (a list patched with the change is kept).
   */
  | { scope: 'folders'; teamId: number; seq?: number }
  /** Folders or boards of the workspace changed: who sees which folder, and the snapshots. */
  | { scope: 'structure'; teamId: number }
  /** Views of the workspace changed: the public forms read by id. */
  | { scope: 'views'; teamId: number }
  /** Automations of the workspace's boards were saved or deleted: the boards' kept automations. */
  | { scope: 'automations'; teamId: number }
  /** Hooks of the workspace's boards were saved, switched off or deleted: the boards' kept hooks. */
  | { scope: 'hooks'; teamId: number };
