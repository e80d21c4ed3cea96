import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import * as Y from 'yjs';
import type { BusMessage, RealtimeBus } from '../../realtime/bus';

/**
 * The origin of updates that came from another node. Hocuspocus neither stores a change of this
 * origin (the node whose client made it does) nor, here, relays it again.
 */
export const RELAYED_ORIGIN = '__hocuspocus__redis__origin__';

type CollabMessage = Extract<BusMessage, { kind: 'collab' }>;

const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const decode = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export interface CollabRelay {
  /** A document was loaded here: the others send what it lacks, and get what it has. */
  loaded(name: string, document: Y.Doc): void;
  /** A change of a document open here: the others apply it, unless it came from them. */
  changed(name: string, update: Uint8Array, origin: unknown): void;
}

/**
 * Co-editing across several server processes (docs/documents.md): each process holds its own
 * copy of an open document; every change made on one is sent over the bus (Redis) to the others,
 * which apply it to their copy and pass it to their own connections. A process that loads a
 * document asks the others for what it lacks (its state vector) and sends them all it has, so
 * copies loaded at different times converge (Yjs merges in any order, and twice is harmless).
 * Cursors stay within a process.
 */
export function createCollabRelay(options: {
  bus: RealtimeBus;
  log: Logger;
  /** The documents open on this process, by name. */
  documents: () => ReadonlyMap<string, Y.Doc>;
}): CollabRelay {
  const node = randomUUID();
  const send = (message: Omit<CollabMessage, 'kind' | 'node'>) => {
    options.bus
      .publish({ kind: 'collab', node, ...message })
      .catch((error) => options.log.warn({ err: error }, 'co-editing change not relayed'));
  };
  options.bus.onMessage((message) => {
    if (message.kind !== 'collab' || message.node === node) return;
    const document = options.documents().get(message.document);
    if (!document) return;
    if (message.update) Y.applyUpdate(document, decode(message.update), RELAYED_ORIGIN);
    if (message.want) {
      const missing = Y.encodeStateAsUpdate(document, decode(message.want));
      send({ document: message.document, update: encode(missing) });
    }
  });
  return {
    loaded(name, document) {
      send({
        document: name,
        update: encode(Y.encodeStateAsUpdate(document)),
        want: encode(Y.encodeStateVector(document)),
      });
    },
    changed(name, update, origin) {
      if (origin !== RELAYED_ORIGIN) send({ document: name, update: encode(update) });
    },
  };
}
