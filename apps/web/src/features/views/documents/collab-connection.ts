import { HocuspocusProvider } from '@hocuspocus/provider';
import { isAccessTokenValid } from '@strata/domain/auth/token-rules';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { http, tokenStore } from '../../../lib/http';
import { keptDocumentName, noteKeptDocument } from '../../../lib/kept-documents';

/** The co-editing endpoint of the app's own origin (docs/documents.md). */
export function collabUrl(): string {
  const url = new URL('/collab', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The access token as the API sends it: refreshed first when it is about to expire. */
async function currentAccessToken(): Promise<string> {
  let token = tokenStore.get();
  if (!token || !isAccessTokenValid(token, Date.now())) token = await http.refresh();
  return token?.access_token ?? '';
}

/**
 * A live connection to an item's document; it reconnects by itself until destroyed. The document
 * is also kept on the device (IndexedDB, per user): it opens from there at once, offline too, and
 * what was written while offline, even in a tab closed since, goes to the server when it connects.
 */
export function openDocument(userId: number, teamId: number, itemId: string) {
  const document = new Y.Doc();
  const name = keptDocumentName(userId, teamId, itemId);
  noteKeptDocument(name);
  const kept = new IndexeddbPersistence(name, document);
  const provider = new HocuspocusProvider({
    url: collabUrl(),
    name: `${teamId}:${itemId}`,
    document,
    token: currentAccessToken,
  });
  return {
    provider,
    close() {
      provider.destroy();
      void kept.destroy();
      document.destroy();
    },
  };
}
