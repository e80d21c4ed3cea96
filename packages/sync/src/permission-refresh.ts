/** Spec section 9: announcements of permission changes clear the cache 500 ms after the last one. */
export const PERMISSION_REFRESH_DEBOUNCE_MS = 500;

export interface PermissionRefresher {
  /** `permission:updating` for a workspace: clear its cached permissions once the burst is over. */
  updating(teamId: number): void;
  dispose(): void;
}

/**
 * Debounces permission-cache clearing per workspace: a save that changes many records, or many
 * real-time announcements in a row, cost one reload of the caller's abilities.
 */
export function createPermissionRefresher(options: {
  clear(teamId: number): void;
  delayMs?: number;
}): PermissionRefresher {
  const delay = options.delayMs ?? PERMISSION_REFRESH_DEBOUNCE_MS;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  return {
    updating(teamId) {
      clearTimeout(timers.get(teamId));
      timers.set(
        teamId,
        setTimeout(() => {
          timers.delete(teamId);
          options.clear(teamId);
        }, delay),
      );
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The fields of a folder or board whose change moves it under other permissions (spec section 6). */
const SCOPE_FIELDS = ['parent_id', 'team_id', 'board_id', 'user_ids'] as const;

/** Whether an update of a folder or board must clear the permission cache. */
export function changesPermissionScope(
  before: Partial<Record<(typeof SCOPE_FIELDS)[number], unknown>>,
  after: Partial<Record<(typeof SCOPE_FIELDS)[number], unknown>>,
): boolean {
  return SCOPE_FIELDS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
