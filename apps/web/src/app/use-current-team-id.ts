import { useMatches } from 'react-router';
import { useBoardLookup } from '../lib/boards/use-boards';

/**
 * The workspace in view: the team page's, or the open board's (its address names no workspace;
 * the board page looks the board up with the same query).
 */
export function useCurrentTeamId(): number | undefined {
  const params = useMatches().at(-1)?.params ?? {};
  const lookup = useBoardLookup(params.teamId === undefined ? params.rootId : undefined);
  return params.teamId !== undefined ? Number(params.teamId) : lookup.teamId;
}
