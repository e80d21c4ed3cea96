/** Pull-to-refresh of spec sections 4 and 9: drags stop at 250 px; past half of that, release reloads. */
export const PULL_MAX_PX = 250;
export const PULL_RELOAD_PX = PULL_MAX_PX / 2;

export function pullState(distance: number): { offset: number; willReload: boolean } {
  const offset = Math.max(0, Math.min(distance, PULL_MAX_PX));
  return { offset, willReload: offset > PULL_RELOAD_PX };
}
