import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Seeded } from '../changes/changes.fixtures';
import type { itemApi } from '../items/items.fixtures';

/** A request a test receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on loopback for webhook tests: it answers each request with the next of
 * `statuses` (the last one again once they run out) and keeps what it got.
 */
export async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const answers = [...statuses];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Answers these from now on. */
    answer(next: number[]) {
      answers.splice(0, answers.length, ...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Hooks through the API in tests (docs/webhooks.md). */
export function hookApi(api: ReturnType<typeof itemApi>, s: Seeded) {
  const base = `/api/${s.team.id}/hooks`;
  return {
    put: (token: string, id: string, body: Record<string, unknown>) =>
      api.send('PUT', `${base}/${id}`, token, body),
    patch: (token: string, id: string, body: Record<string, unknown>) =>
      api.send('PATCH', `${base}/${id}`, token, body),
    remove: (token: string, id: string) => api.send('DELETE', `${base}/${id}`, token),
    board: (token: string, boardId: string) =>
      api.send('GET', `/api/${s.team.id}/boards/${boardId}/hooks`, token),
    mine: (token: string) => api.send('GET', '/api/me/hooks', token),
    logs: (token: string, id: string, query = '') => api.send('GET', `${base}/${id}/logs${query}`, token),
    test: (token: string, id: string) => api.send('POST', `${base}/${id}/test`, token),
    redeliver: (token: string, id: string, deliveryId: string) =>
      api.send('POST', `${base}/${id}/deliveries/${deliveryId}/redeliver`, token),
    replay: (token: string, id: string, since: string) =>
      api.send('POST', `${base}/${id}/replay`, token, { since }),
  };
}
