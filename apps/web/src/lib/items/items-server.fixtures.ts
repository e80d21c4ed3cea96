import type { Item } from '@strata/contracts/items';

/**
 * Test support for the item writes: an in-memory stand-in for the item routes the web app calls
 * (folder items, item save and delete, trash restore), with the server's rules that the client's
 * bookkeeping depends on: compare-and-set on row_version (409 with the server copy), values
 * upserted as sent, a moved item's subitems following it (row_version + 1), deletes and restores
 * taking subitems along. Meant for `vi.stubGlobal('fetch', server.fetch)`.
 */

export interface ServerCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** Answers a call itself, or passes (undefined) to the rules; a promise holds the answer back. */
export type Interceptor = (
  call: ServerCall,
  rules: () => Response,
) => Response | Promise<Response> | undefined;

interface ValueWrite {
  id?: string;
  data: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function createItemsServer(boardId: string) {
  const items = new Map<string, Item>();
  const calls: ServerCall[] = [];
  let clock = 0;
  /** Answers a call instead of the rules when it returns a Response (a refusal, a slow answer). */
  let intercept: Interceptor | undefined;

  const stamp = () => `2026-03-01T10:00:${String(clock++ % 60).padStart(2, '0')}Z`;
  const descendants = (id: string): Item[] => {
    const found: Item[] = [];
    const queue = [id];
    while (queue.length > 0) {
      const parent = queue.shift()!;
      for (const item of items.values()) {
        if (item.parent_id !== parent || found.includes(item)) continue;
        found.push(item);
        queue.push(item.id);
      }
    }
    return found;
  };
  const bump = (item: Item, changes: Partial<Item>) => {
    const next = { ...item, ...changes, row_version: item.row_version + 1, updated_at: stamp() };
    items.set(item.id, next);
    return next;
  };

  function applyValues(stored: Item['values'], writes: Record<string, ValueWrite | null>): Item['values'] {
    const values = { ...stored };
    for (const [attributeId, write] of Object.entries(writes)) {
      if (write === null || write.data === null) delete values[attributeId];
      else
        values[attributeId] = {
          id: values[attributeId]?.id ?? write.id ?? crypto.randomUUID(),
          attribute_id: attributeId,
          data: write.data,
        };
    }
    return values;
  }

  function putItem(teamId: number, id: string, body: Record<string, unknown>): Response {
    const existing = items.get(id);
    const rowVersion = body.row_version as number;
    const writes = (body.values ?? {}) as Record<string, ValueWrite | null>;
    if (existing?.deleted) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    if (!existing) {
      if (rowVersion !== 1) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
      const created: Item = {
        id,
        object: 'item',
        comments_count: 0,
        team_id: teamId,
        board_id: boardId,
        folder_id: body.folder_id as string,
        parent_id: (body.parent_id as string | null | undefined) ?? null,
        sort_order: (body.sort_order as string | null | undefined) ?? null,
        values: applyValues({}, writes),
        created_by: 1,
        created_at: stamp(),
        updated_at: stamp(),
        deleted: false,
        row_version: 1,
      };
      items.set(id, created);
      return json(200, created);
    }
    if (existing.row_version !== rowVersion - 1)
      return json(409, { code: 'CONFLICT', message: 'Changed meanwhile.', current: existing });
    const folderId = (body.folder_id as string | undefined) ?? existing.folder_id;
    const saved = bump(existing, {
      folder_id: folderId,
      parent_id: body.parent_id === undefined ? existing.parent_id : (body.parent_id as string | null),
      sort_order: body.sort_order === undefined ? existing.sort_order : (body.sort_order as string | null),
      values: applyValues(existing.values, writes),
    });
    if (folderId !== existing.folder_id)
      for (const sub of descendants(id)) if (!sub.deleted) bump(sub, { folder_id: folderId });
    return json(200, saved);
  }

  function deleteItem(id: string): Response {
    const existing = items.get(id);
    if (!existing || existing.deleted) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    for (const item of [existing, ...descendants(id)]) if (!item.deleted) bump(item, { deleted: true });
    return json(204, undefined);
  }

  function restore(body: Record<string, unknown>): Response {
    const refs = (body.records ?? []) as { type: string; id: string }[];
    const restored: { type: 'item'; id: string }[] = [];
    for (const ref of refs) {
      const existing = items.get(ref.id);
      if (ref.type !== 'item' || !existing?.deleted)
        return json(404, { code: 'NOT_FOUND', message: 'Not in the trash.' });
      for (const item of [existing, ...descendants(ref.id)]) {
        if (!item.deleted) continue;
        bump(item, { deleted: false });
        restored.push({ type: 'item', id: item.id });
      }
    }
    return json(200, { records: restored });
  }

  async function fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const call: ServerCall = {
      method: String(init.method ?? 'GET'),
      path: url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const intercepted = intercept?.(call, () => route(call));
    return intercepted ?? route(call);
  }

  function route(call: ServerCall): Response {
    const url = call.path;
    const folder = /^\/api\/\d+\/folders\/([^/]+)\/items$/.exec(url);
    if (call.method === 'GET' && folder)
      return json(
        200,
        [...items.values()].filter((item) => !item.deleted && item.folder_id === folder[1]),
      );
    const item = /^\/api\/(\d+)\/items\/([^/]+)$/.exec(url);
    if (call.method === 'PUT' && item) return putItem(Number(item[1]), item[2]!, call.body ?? {});
    if (call.method === 'DELETE' && item) return deleteItem(item[2]!);
    if (call.method === 'POST' && url.endsWith(`/boards/${boardId}/trash/restore`))
      return restore(call.body ?? {});
    return json(404, { code: 'NOT_FOUND', message: `No route ${call.method} ${url}` });
  }

  return {
    items,
    calls,
    fetch,
    /** The item as the server holds it now (throws if it has none). */
    get(id: string): Item {
      const item = items.get(id);
      if (!item) throw new Error(`no item ${id} on the server`);
      return item;
    },
    intercept(answer: Interceptor | undefined) {
      intercept = answer;
    },
    reset() {
      items.clear();
      calls.length = 0;
      intercept = undefined;
    },
    json,
  };
}
