import type { BrowserContext, WebSocketRoute } from 'playwright-core';

export interface Network {
  /** Pulls the network: the browser goes offline and the real-time socket drops. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Drops the real-time socket, and refuses new ones, while HTTP still works. */
  dropSockets(): Promise<void>;
  allowSockets(): void;
}

/**
 * The browser's offline emulation leaves open WebSockets alone, so the real-time socket would keep
 * answering pings through it: the sockets pass through a route that the test can drop.
 */
export async function networkOf(context: BrowserContext): Promise<Network> {
  const open = new Set<WebSocketRoute>();
  let isCut = false;
  const closeAll = () => Promise.all([...open].map((socket) => socket.close()));
  await context.routeWebSocket(/\/app\//, async (socket) => {
    if (isCut) return socket.close();
    const server = socket.connectToServer();
    open.add(socket);
    socket.onClose(() => {
      open.delete(socket);
      void server.close();
    });
  });
  return {
    async cut() {
      isCut = true;
      // Sockets first: pusher-js pings on the browser's 'offline', and a pong would be a sign of life.
      await closeAll();
      await context.setOffline(true);
    },
    async restore() {
      isCut = false;
      await context.setOffline(false);
    },
    async dropSockets() {
      isCut = true;
      await closeAll();
    },
    allowSockets() {
      isCut = false;
    },
  };
}
