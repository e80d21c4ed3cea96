import { HocuspocusProvider } from '@hocuspocus/provider';
import { isAccessTokenValid } from '@strata/domain/auth/token-rules';
import { http, tokenStore } from '../../../lib/http';

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

/** A live connection to an item's document; it reconnects by itself until destroyed. */
export function openDocument(teamId: number, itemId: string): HocuspocusProvider {
  return new HocuspocusProvider({ url: collabUrl(), name: `${teamId}:${itemId}`, token: currentAccessToken });
}
