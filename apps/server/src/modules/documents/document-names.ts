/**
 * A co-edited document's name on `/collab` (docs/documents.md): the workspace and the item whose
 * body it is, `{teamId}:{itemId}`. The server reads both from it and checks them before anything
 * is loaded.
 */
export function documentName(teamId: number, itemId: string): string {
  return `${teamId}:${itemId}`;
}

const NAME = /^([1-9][0-9]{0,9}):([A-Za-z0-9_-]{1,64})$/;

/** The workspace and item a document name stands for, or null for anything else. */
export function parseDocumentName(name: string): { teamId: number; itemId: string } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const teamId = Number(match[1]);
  return Number.isSafeInteger(teamId) && teamId <= 2_147_483_647 ? { teamId, itemId: match[2]! } : null;
}
