import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG, uploadToBoard } from '../../test/multipart';
import { queryCounter } from '../../test/query-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
});
afterAll(() => t?.close());

const read = (url: string) => t.request({ method: 'GET', url });

const upload = (boardId: string, name: string, bytes: Buffer, type = 'image/png') =>
  uploadToBoard(t, { teamId: s.team.id, token: s.owner.token, boardId }, { name, bytes, type });

/** A folder with two items holding files (one name hostile), a file in another folder, and a files view. */
async function filesPlace() {
  const { board, folder, name } = await api.newPlace(s);
  const files = await api.newAttribute(s, board.id, 'attachments', { name: 'Files' });
  const logo = await upload(board.id, 'logo.png', PNG);
  const notes = await upload(
    board.id,
    '<img src=x onerror=alert(1)>.txt',
    Buffer.from('plain notes\n'),
    'text/plain',
  );
  const hidden = await upload(board.id, 'secret.png', PNG);
  await api.newItem(s, folder.id, {
    values: { [name.id]: { data: 'Brand kit' }, [files.id]: { data: [logo] } },
  });
  await api.newItem(s, folder.id, {
    values: { [name.id]: { data: 'Minutes' }, [files.id]: { data: [notes] } },
  });
  const other = await api.newFolder(s, board.id, { name: 'Private stuff' });
  await api.newItem(s, other.id, {
    values: { [name.id]: { data: 'Hidden' }, [files.id]: { data: [hidden] } },
  });
  const viewId = uuid();
  const put = (type: string, published: boolean, row_version: number) =>
    api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
      folder_id: folder.id,
      type,
      name: 'Press kit',
      settings: { published },
      row_version,
    });
  expect((await put('files', true, 1)).status).toBe(200);
  return {
    viewId,
    put,
    base: `/p/f${s.team.id}-${viewId}`,
    logo,
    notes,
    hidden,
    folderId: folder.id,
    filesId: files.id,
  };
}

describe('a published files view (/p/f)', () => {
  test('lists the folder’s files with their items, readable without a script; each downloads as an attachment', async () => {
    const p = await filesPlace();
    const page = await read(p.base);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    const html = page.body;
    expect(html).toContain('<h1 dir="auto">Press kit</h1>');
    expect(html).toContain(`href="${t.app.ctx.config.appUrl}${p.base}/files/${p.logo.id}"`);
    expect(html).toContain('>logo.png</a>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.txt');
    expect(html).not.toContain('<img');
    expect(html).toContain('Brand kit');
    expect(html).toContain('Minutes');
    expect(html).not.toContain('secret.png');
    expect(html).not.toMatch(/<script/i);

    const file = await t.app.inject({ method: 'GET', url: `${p.base}/files/${p.logo.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  test.each([
    { case: 'a file of another folder', file: (p: Awaited<ReturnType<typeof filesPlace>>) => p.hidden.id },
    { case: 'a file that does not exist', file: () => uuid() },
  ])('$case is not found', async ({ file }) => {
    const p = await filesPlace();
    expect((await read(`${p.base}/files/${file(p)}`)).statusCode).toBe(404);
  });

  test('unpublished, the list and its files are gone at once; a view of another kind or another workspace’s number never answers', async () => {
    const p = await filesPlace();
    expect((await p.put('files', false, 2)).status).toBe(200);
    expect((await read(p.base)).statusCode).toBe(404);
    expect((await read(`${p.base}/files/${p.logo.id}`)).statusCode).toBe(404);
    expect((await p.put('files', true, 3)).status).toBe(200);
    expect((await read(p.base)).statusCode).toBe(200);
    expect((await read(`/p/f${s.team.id + 1}-${p.viewId}`)).statusCode).toBe(404);
    expect((await read(`/p/e${s.team.id}-${p.viewId}`)).statusCode).toBe(404);
    expect((await read(`${p.base}/some-page`)).statusCode).toBe(404);
    // A documents view published is no files list.
    const q = await filesPlace();
    expect((await q.put('files', false, 2)).status).toBe(200);
    const documents = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: (await api.newPlace(s)).folder.id,
      type: 'documents',
      name: 'Docs',
      settings: { published: true },
      row_version: 1,
    });
    expect((await read(`/p/f${s.team.id}-${documents.body.id}`)).statusCode).toBe(404);
  });

  test('the shared-links screen lists a published files view', async () => {
    const p = await filesPlace();
    const links = await api.send('GET', `/api/${s.team.id}/shared-links`, s.owner.token);
    const listed = (links.body.data as { kind: string; path: string; name: string }[]).find(
      (link) => link.path === p.base,
    );
    expect(listed).toMatchObject({ kind: 'files', name: 'Press kit' });
  });
});

describe('a published files view kept between reads', () => {
  test('a read with nothing changed reads no items; a file taken off its item is gone at once', async () => {
    const p = await filesPlace();
    const counter = queryCounter(t.app.ctx.db);
    const first = await counter.measure(() => read(`${p.base}/files/${p.logo.id}`));
    expect(first.result.statusCode).toBe(200);
    const again = await counter.fewest(() => read(`${p.base}/files/${p.logo.id}`));
    expect(again.result.statusCode).toBe(200);
    expect(again.queries).toBeLessThan(first.queries);
    // The logo's item loses it: the next read sees the change.
    const items = (await api.listItems(s, s.owner.token, p.folderId)).body as {
      id: string;
      row_version: number;
      values: Record<string, { data: unknown }>;
    }[];
    const kit = items.find((item) => JSON.stringify(item.values).includes(p.logo.id))!;
    const cleared = await api.putItem(s, s.owner.token, kit.id, {
      folder_id: p.folderId,
      values: { [p.filesId]: { data: null } },
      row_version: kit.row_version + 1,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await read(`${p.base}/files/${p.logo.id}`)).statusCode).toBe(404);
    expect((await read(p.base)).body).not.toContain('logo.png');
  });
});
