import { type AddressInfo, createServer } from 'node:net';

/** A port free on loopback now (the real-time hub must know the app's port before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
