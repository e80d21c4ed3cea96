import { clearDocument } from 'y-indexeddb';
import { readStoredJson, writeStoredJson } from './stored-json';

/** The names of the co-edited documents this device keeps in IndexedDB (one database each). */
const KEPT = 'strata.kept-documents';

/** A document's database name: its user's too, so another account on the device never opens it. */
export function keptDocumentName(userId: number, teamId: number, itemId: string): string {
  return `strata-doc-u${userId}-${teamId}:${itemId}`;
}

function keptNames(): string[] {
  const names = readStoredJson(KEPT);
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** Notes a document kept on this device, so that signing out can remove it. */
export function noteKeptDocument(name: string): void {
  const names = keptNames();
  if (!names.includes(name)) writeStoredJson(KEPT, [...names, name]);
}

/** Sign-out: removes every document this device kept (the next person on it sees none). */
export async function forgetKeptDocuments(): Promise<void> {
  const names = keptNames();
  writeStoredJson(KEPT, []);
  await Promise.allSettled(names.map((name) => clearDocument(name)));
}
