import { createPermissionRefresher } from '@strata/sync/permission-refresh';
import { queryClient } from './query-client';

/**
 * `permission:updating`: a workspace's permissions changed (a save here, or an announcement on
 * team.{id}.permissions). Its cached data, the caller's abilities with it, reloads 500 ms after
 * the last such signal.
 */
const refresher = createPermissionRefresher({
  clear: (teamId) => void queryClient.invalidateQueries({ queryKey: ['team', String(teamId)] }),
});

export function permissionsUpdating(teamId: number): void {
  refresher.updating(teamId);
}
