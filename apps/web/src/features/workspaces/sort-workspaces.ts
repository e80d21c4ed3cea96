/**
 * The profile's workspaceSortOrder first (in its order), then the rest by id: new workspaces
 * land at the end until the user reorders.
 */
export function sortWorkspaces<T extends { id: number }>(
  workspaces: readonly T[],
  order: readonly number[] | undefined,
): T[] {
  const rank = new Map((order ?? []).map((id, index) => [id, index]));
  return [...workspaces].sort((a, b) => {
    const ra = rank.get(a.id) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b.id) ?? Number.POSITIVE_INFINITY;
    return ra !== rb ? ra - rb : a.id - b.id;
  });
}
