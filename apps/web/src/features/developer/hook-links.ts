/** The developer screens' addresses (route-tree.ts: profile.developer.*). */
export const HOOKS_SCREEN = '/profile/developer/hooks';

export const hookScreen = (hookId: string) => `${HOOKS_SCREEN}/${encodeURIComponent(hookId)}`;

export const hookLogsScreen = (hookId: string) => `${hookScreen(hookId)}/logs`;

/** The API address of one hook (hookPaths.hook, written out: the contract's schemas stay out of the chunk). */
export const hookApiPath = (teamId: number, hookId: string) =>
  `/api/${teamId}/hooks/${encodeURIComponent(hookId)}`;
