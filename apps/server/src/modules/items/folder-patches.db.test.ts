import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';
import { readFolderItemsJson, readFolderItemTexts } from './items.read';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
});
afterAll(() => t?.close());

/** A board with two folders, a name and a number attribute. */
async function newBoard() {
  const { board, folder, name } = await api.newPlace(s);
  const other = await api.newFolder(s, board.id);
  const number = await api.newAttribute(s, board.id, 'number');
  return {
    boardId: board.id,
    folders: [folder.id, other.id as string],
    nameId: name.id,
    numberId: number.id,
  };
}
type Board = Awaited<ReturnType<typeof newBoard>>;

const folderUrl = (folderId: string) => `/api/${s.team.id}/folders/${folderId}/items`;

/**
 * The folder's answer through the API must be exactly what the database builds now: body, hash,
 * newest updated_at, cursor and completeness. Answers the items listed.
 */
async function expectFresh(
  folderId: string,
): Promise<{ id: string; row_version: number; parent_id: string | null }[]> {
  const res = await t.request({ method: 'GET', url: folderUrl(folderId), token: s.owner.token });
  const fresh = await readFolderItemsJson(t.app.ctx.database, s.team.id, folderId);
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(fresh.json);
  expect(res.headers.etag).toBe(`"${createHash('sha1').update(fresh.json).digest('base64url')}"`);
  expect(res.headers['x-change-seq']).toBe(String(fresh.changeSeq));
  expect(res.headers['x-last-modified']).toBe(fresh.lastModified?.toISOString());
  expect(res.headers['x-complete-list']).toBe('true');
  return JSON.parse(fresh.json);
}

/** Sort keys that tie often, with characters whose UTF-16 and code-point orders differ. */
const sortOrder = fc.option(
  fc.string({
    unit: fc.constantFrom('a', 'b', 'B', '0', '~', 'é', '\u{E000}', '\u{FFFD}', '\u{1F600}'),
    minLength: 1,
    maxLength: 3,
  }),
  { nil: null },
);
const name = fc.string({
  unit: fc.constantFrom('a', ' ', '"', '\\', '\n', '\t', '\u0001', '/', 'é', '\u2028', '\u{1F600}', '<'),
  maxLength: 8,
});
/** Numbers whose text the database writes otherwise than JSON.stringify. */
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e21, 1.5e-7, -0, 0.1, 100, 2 ** 53 + 2),
);
const pick = fc.nat();

const create = fc.record({
  kind: fc.constant('create' as const),
  folder: fc.nat(1),
  sortOrder,
  name,
  parent: fc.option(pick),
});
const operation = fc.oneof(
  { arbitrary: create, weight: 3 },
  fc.record({ kind: fc.constant('edit' as const), item: pick, name, number }),
  fc.record({ kind: fc.constant('sort' as const), item: pick, sortOrder }),
  fc.record({ kind: fc.constant('move' as const), item: pick, folder: fc.nat(1) }),
  fc.record({ kind: fc.constant('reparent' as const), item: pick, parent: fc.option(pick) }),
  fc.record({ kind: fc.constant('delete' as const), item: pick }),
  fc.record({ kind: fc.constant('restore' as const), item: pick }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

type Listed = Awaited<ReturnType<typeof expectFresh>>[number] & { folder: string };

async function run(board: Board, op: Operation, live: Listed[], gone: string[]): Promise<void> {
  const at = <T>(list: readonly T[], n: number | null | undefined) =>
    n === null || n === undefined || list.length === 0 ? undefined : list[n % list.length];
  const put = (item: Listed, body: Record<string, unknown>) =>
    api.putItem(s, s.owner.token, item.id, { row_version: item.row_version + 1, ...body });
  const item = 'item' in op ? at(live, op.item) : undefined;
  switch (op.kind) {
    case 'create': {
      const folder = board.folders[op.folder]!;
      const parent = at(
        live.filter((candidate) => candidate.folder === folder),
        op.parent,
      );
      await api.putItem(s, s.owner.token, uuid(), {
        row_version: 1,
        folder_id: folder,
        sort_order: op.sortOrder,
        parent_id: parent?.id ?? null,
        values: { [board.nameId]: { data: op.name } },
      });
      return;
    }
    case 'edit':
      if (item)
        await put(item, {
          values: { [board.nameId]: { data: op.name }, [board.numberId]: { data: op.number } },
        });
      return;
    case 'sort':
      if (item) await put(item, { sort_order: op.sortOrder });
      return;
    case 'move':
      if (item) await put(item, { folder_id: board.folders[op.folder], parent_id: null });
      return;
    case 'reparent': {
      const parent =
        item &&
        at(
          live.filter((other) => other.folder === item.folder && other.id !== item.id),
          op.parent,
        );
      if (item) await put(item, { parent_id: parent?.id ?? null });
      return;
    }
    case 'delete':
      if (item) await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, s.owner.token);
      return;
    case 'restore': {
      const id = at(gone, op.item);
      if (id)
        await api.send('POST', `/api/${s.team.id}/boards/${board.boardId}/trash/restore`, s.owner.token, {
          records: [{ type: 'item', id }],
        });
    }
  }
}

test('a kept folder patched by creates, edits, moves, deletes, restores and sort changes answers exactly what the database reads at its cursor', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(create, { minLength: 3, maxLength: 8 }),
      fc.array(operation, { minLength: 1, maxLength: 25 }),
      async (creates, operations) => {
        const board = await newBoard();
        const created = new Set<string>();
        let live: Listed[] = [];
        const listBoth = async () => {
          live = [];
          for (const folder of board.folders)
            for (const item of await expectFresh(folder)) {
              live.push({ ...item, folder });
              created.add(item.id);
            }
        };
        await listBoth();
        const reads = t.app.ctx.caches.folders.reads;
        for (const op of [...creates, ...operations]) {
          const liveIds = new Set(live.map((item) => item.id));
          await run(
            board,
            op,
            live,
            [...created].filter((id) => !liveIds.has(id)),
          );
          await listBoth();
        }
        // Every answer after the first reads was a patched list: the database built none of them.
        expect(t.app.ctx.caches.folders.reads).toBe(reads);
      },
    ),
    { numRuns: 20 },
  );
}, 240_000);

test('a folder read under way when items change is kept only once it has taken the changes committed meanwhile', async () => {
  const board = await newBoard();
  const [folder, other] = board.folders as [string, string];
  const edited = await api.newItem(s, folder, {
    sort_order: 'b',
    values: { [board.nameId]: { data: 'Before' } },
  });
  const moved = await api.newItem(s, folder, { sort_order: 'c' });
  const folders = t.app.ctx.caches.folders;
  const key = `${s.team.id}:${folder}:all`;
  /** Reads the folder, then lets `meanwhile` commit before the read is kept. */
  const readWhile = (meanwhile: () => Promise<unknown>) =>
    folders.readWhole(s.team.id, key, folder, async () => {
      const read = await readFolderItemTexts(t.app.ctx.database, s.team.id, folder);
      await meanwhile();
      return read!;
    });

  folders.drop(s.team.id);
  const answered = await readWhile(async () => {
    await api.putItem(s, s.owner.token, edited.id, {
      row_version: 2,
      values: { [board.nameId]: { data: 'After' } },
    });
    await api.putItem(s, s.owner.token, moved.id, { row_version: 2, folder_id: other });
    await api.newItem(s, folder, { sort_order: 'a' });
  });
  // Its reader got what was read; the kept list took the three changes and is not read again.
  expect(answered.json).toContain('"Before"');
  const reads = folders.reads;
  const listed = await expectFresh(folder);
  expect(listed.map((item) => item.id)).not.toContain(moved.id);
  expect(listed).toHaveLength(2);
  expect(folders.reads).toBe(reads);

  // A change the list cannot take (an attribute) while it is read: nothing is kept.
  folders.drop(s.team.id);
  await readWhile(() => api.newAttribute(s, board.boardId, 'text'));
  await expectFresh(folder);
  expect(folders.reads).toBe(reads + 2);
});

test('a change of the board’s attributes drops the kept folder, which is read again', async () => {
  const board = await newBoard();
  const [folder] = board.folders;
  await api.newItem(s, folder!, { values: { [board.nameId]: { data: 'Kept' } } });
  await expectFresh(folder!);
  const reads = t.app.ctx.caches.folders.reads;
  await api.newAttribute(s, board.boardId, 'text');
  await expectFresh(folder!);
  expect(t.app.ctx.caches.folders.reads).toBe(reads + 1);
});
