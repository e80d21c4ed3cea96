import type { IncomingMessage } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import { DOCUMENT_FRAGMENT } from '@strata/domain/documents/document-schema';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import type { RealtimeBus } from '../../realtime/bus';
import { type CollabRelay, createCollabRelay, RELAYED_ORIGIN } from './collab-relay';
import { type DocumentAccess, findDocumentAccess } from './document-access';
import { documentSnapshot } from './document-html';
import { documentName } from './document-names';
import { readDocumentState, writeDocument } from './document-store';
import { addDocumentVersion } from './document-versions';

/** How long a document waits after its last change before it is stored (and at most). */
export const DOCUMENT_SAVE_DEBOUNCE_MS = 2_000;
export const DOCUMENT_SAVE_MAX_DEBOUNCE_MS = 10_000;

export interface CollabServer {
  /** Takes a WebSocket upgraded on `/collab`. */
  handleConnection(socket: WebSocket, request: IncomingMessage): void;
  /** The user left the workspace: their open connections to its documents close (no reconnect gets in). */
  revokeWorkspace(removed: { teamId: number; userId: number }): void;
  /**
   * What people may do in the workspace changed (a board made private, a role, a record): each
   * open connection of it (of that user, when one is named) is judged again, and one that lost
   * its document or its right to write is closed (its client comes back with what it may do now,
   * or is refused).
   */
  recheckAccess(changed: { teamId: number; userId?: number }): Promise<void>;
  /**
   * Puts an earlier version's content in place of the document's, for everyone who has it open
   * (one change, merged like any other), after keeping the state it replaces as a version.
   */
  restore(access: DocumentAccess, versionState: Uint8Array): Promise<void>;
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
export function createCollabServer(ctx: AppContext, bus?: RealtimeBus): CollabServer {
  // Several processes (REDIS_URL) keep their copies of a document in step (collab-relay.ts).
  let relay: CollabRelay | null = null;
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
      // The token is kept to judge the connection again when what it may do changes.
      return { access, token };
    },
    async onLoadDocument({ document, context }) {
      const { access } = context as { access: DocumentAccess };
      const state = await readDocumentState(ctx, access.teamId, access.itemId);
      if (state) Y.applyUpdate(document, state);
      return document;
    },
    async afterLoadDocument({ documentName: name, document }) {
      relay?.loaded(name, document);
    },
    async onChange({ documentName: name, update, transactionOrigin }) {
      relay?.changed(name, update, transactionOrigin);
    },
    async onStoreDocument({ document, context }) {
      const { access } = context as { access: DocumentAccess };
      // Another process may have stored changes this copy has not heard of (a message lost on
      // the way): they are merged in first, so a store never puts back less than was stored.
      if (relay) {
        const stored = await readDocumentState(ctx, access.teamId, access.itemId);
        if (stored) Y.applyUpdate(document, stored, RELAYED_ORIGIN);
      }
      await writeDocument(
        ctx,
        { teamId: access.teamId, itemId: access.itemId, userId: access.userId },
        Y.encodeStateAsUpdate(document),
        documentSnapshot(document),
      );
    },
  });
  if (bus && ctx.config.redisUrl)
    relay = createCollabRelay({ bus, log: ctx.log, documents: () => hocuspocus.documents });
  return {
    handleConnection: (socket, request) => hocuspocus.handleConnection(socket, request),
    revokeWorkspace({ teamId, userId }) {
      for (const document of hocuspocus.documents.values())
        for (const connection of document.getConnections()) {
          const access = (connection.context as { access?: DocumentAccess } | undefined)?.access;
          if (access?.teamId === teamId && access.userId === userId) connection.close();
        }
    },
    async recheckAccess({ teamId, userId }) {
      const checks: Promise<void>[] = [];
      for (const document of hocuspocus.documents.values())
        for (const connection of document.getConnections()) {
          const context = connection.context as { access?: DocumentAccess; token?: string } | undefined;
          const before = context?.access;
          if (!before || before.teamId !== teamId || (userId !== undefined && before.userId !== userId))
            continue;
          checks.push(
            findDocumentAccess(ctx, context?.token ?? '', document.name).then((now) => {
              if (!now || now.canWrite !== before.canWrite) connection.close();
            }),
          );
        }
      await Promise.allSettled(checks);
    },
    async restore(access, versionState) {
      const connection = await hocuspocus.openDirectConnection(documentName(access.teamId, access.itemId), {
        access,
      });
      try {
        const live = connection.document!;
        // What the restore replaces stays in the history: the restore itself can be undone.
        await addDocumentVersion(
          ctx.db,
          { teamId: access.teamId, itemId: access.itemId, userId: access.userId },
          Y.encodeStateAsUpdate(live),
          documentSnapshot(live),
          ctx.clock.now(),
        );
        const version = new Y.Doc();
        Y.applyUpdate(version, versionState);
        const source = version.getXmlFragment(DOCUMENT_FRAGMENT);
        await connection.transact((document) => {
          const target = document.getXmlFragment(DOCUMENT_FRAGMENT);
          document.transact(() => {
            target.delete(0, target.length);
            target.insert(
              0,
              // A TipTap document holds elements and text only (no hooks).
              source
                .toArray()
                .filter((node): node is Y.XmlElement | Y.XmlText => !(node instanceof Y.XmlHook))
                .map((node) => node.clone()),
            );
          });
        });
      } finally {
        await connection.disconnect();
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
