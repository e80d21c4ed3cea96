/** What a matched route tells the shell: its id, name and flags (read with useMatches). */
export interface RouteHandle {
  id: string;
  name?: string;
  noSidebar: boolean;
  canBePublic: boolean;
}
