import type { IncomingMessage } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import { type DocumentAccess, findDocumentAccess } from './document-access';
import { documentSnapshot } from './document-html';
import { readDocumentState, writeDocument } from './document-store';

/** How long a document waits after its last change before it is stored (and at most). */
export const DOCUMENT_SAVE_DEBOUNCE_MS = 2_000;
export const DOCUMENT_SAVE_MAX_DEBOUNCE_MS = 10_000;

export interface CollabServer {
  /** Takes a WebSocket upgraded on `/collab`. */
  handleConnection(socket: WebSocket, request: IncomingMessage): void;
  /** The user left the workspace: their open connections to its documents close (no reconnect gets in). */
  revokeWorkspace(removed: { teamId: number; userId: number }): void;
  /** Stores every open document and closes their connections. */
  close(): Promise<void>;
}

/**
 * Live co-editing of item documents (docs/documents.md): Hocuspocus over Yjs on `/collab`. A
 * connection names a document (`{teamId}:{itemId}`) and sends the caller's access token; it is
 * refused unless they see the item, and made read-only unless they may edit it. A document is
 * loaded from PostgreSQL when its first connection opens and stored a little after changes stop,
 * with its sanitised HTML and text (search finds items by their documents' text).
 */
export function createCollabServer(ctx: AppContext): CollabServer {
  const hocuspocus = new Hocuspocus({
    name: 'strata-collab',
    quiet: true,
    debounce: DOCUMENT_SAVE_DEBOUNCE_MS,
    maxDebounce: DOCUMENT_SAVE_MAX_DEBOUNCE_MS,
    async onAuthenticate({ token, documentName, connectionConfig }) {
      const access = await findDocumentAccess(ctx, token, documentName);
      // Hocuspocus answers a failed authentication with its permission-denied message.
      if (!access) throw new Error('Unauthorized');
      connectionConfig.readOnly = !access.canWrite;
      return { access };
    },
    async onLoadDocument({ document, context }) {
      const { access } = context as { access: DocumentAccess };
      const state = await readDocumentState(ctx, access.teamId, access.itemId);
      if (state) Y.applyUpdate(document, state);
      return document;
    },
    async onStoreDocument({ document, context }) {
      const { access } = context as { access: DocumentAccess };
      await writeDocument(
        ctx,
        { teamId: access.teamId, itemId: access.itemId, userId: access.userId },
        Y.encodeStateAsUpdate(document),
        documentSnapshot(document),
      );
    },
  });
  return {
    handleConnection: (socket, request) => hocuspocus.handleConnection(socket, request),
    revokeWorkspace({ teamId, userId }) {
      for (const document of hocuspocus.documents.values())
        for (const connection of document.getConnections()) {
          const access = (connection.context as { access?: DocumentAccess } | undefined)?.access;
          if (access?.teamId === teamId && access.userId === userId) connection.close();
        }
    },
    async close() {
      // Changes still waiting for their debounced save are stored now, then everyone is let go.
      const waiting = [...hocuspocus.documents.keys()]
        .map((name) => `onStoreDocument-${name}`)
        .filter((id) => hocuspocus.debouncer.isDebounced(id))
        .map((id) => hocuspocus.debouncer.executeNow(id));
      await Promise.allSettled(waiting);
      hocuspocus.closeConnections();
    },
  };
}
