import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/** A co-editing client of `/collab` for the tests and benches, as the web app connects (Node 20 has no WebSocket of its own). */
export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** 'read-write' or 'readonly' once authenticated; the refusal's reason when refused. */
  outcome: Promise<{ scope: string } | { refused: string }>;
  /** Resolves once the client holds the server's copy of the document. */
  synced: Promise<void>;
  close(): void;
}

export function connectCollab(options: { port: number; name: string; token: string }): CollabClient {
  const doc = new Y.Doc();
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `ws://127.0.0.1:${options.port}/collab`,
    WebSocketPolyfill: WebSocket,
    // A refused client must not keep knocking during a test.
    maxAttempts: 1,
  });
  let settle: (value: { scope: string } | { refused: string }) => void = () => {};
  const outcome = new Promise<{ scope: string } | { refused: string }>((resolve) => {
    settle = resolve;
  });
  let synced: () => void = () => {};
  const whenSynced = new Promise<void>((resolve) => {
    synced = resolve;
  });
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: options.name,
    document: doc,
    token: options.token,
    onAuthenticated: ({ scope }) => settle({ scope }),
    onAuthenticationFailed: ({ reason }) => settle({ refused: reason }),
    onSynced: () => synced(),
  });
  provider.attach();
  return {
    doc,
    provider,
    outcome,
    synced: whenSynced,
    close() {
      provider.destroy();
      websocketProvider.destroy();
    },
  };
}
