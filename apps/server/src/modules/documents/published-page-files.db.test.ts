import { pageSlug } from '@strata/domain/documents/page-slug';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { PNG, uploadToBoard } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { documentSnapshot } from './document-html';
import { writeDocument } from './document-store';

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

const upload = (boardId: string, name: string, bytes: Buffer, type: string) =>
  uploadToBoard(t, { teamId: s.team.id, token: s.owner.token, boardId }, { name, bytes, type });

/** A file block (documents/page-file.ts) as a client writes it into its Yjs document. */
function fileBlock(file: { id: string; name: string; mime_type?: string; size?: number }) {
  const node = new Y.XmlElement('pageFile');
  node.setAttribute('id', file.id);
  node.setAttribute('name', file.name);
  node.setAttribute('type', file.mime_type ?? 'image/png');
  node.setAttribute('size', String(file.size ?? 1));
  return node;
}

/** Writes a page's document of these blocks as the co-editing server stores it. */
async function writePage(itemId: string, ...blocks: Y.XmlElement[]) {
  const doc = new Y.Doc();
  doc.getXmlFragment('default').insert(0, blocks);
  await writeDocument(
    t.app.ctx,
    { teamId: s.team.id, itemId, userId: s.owner.id },
    Y.encodeStateAsUpdate(doc),
    documentSnapshot(doc),
  );
}

/** A published site of one page holding an image, a text file, and a file of another board. */
async function siteWithFiles() {
  const { board, folder, name } = await api.newPlace(s);
  const page = (await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Brand' } } })) as {
    id: string;
  };
  const logo = await upload(board.id, 'logo.png', PNG, 'image/png');
  const notes = await upload(board.id, 'notes <b>.txt', Buffer.from('plain notes\n'), 'text/plain');
  // Named as an image by the client: the stored type (sniffed from its bytes) decides.
  const fake = await upload(board.id, 'fake.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
  const unplaced = await upload(board.id, 'unplaced.png', PNG, 'image/png');
  const other = await api.newPlace(s);
  const foreign = await upload(other.board.id, 'foreign.png', PNG, 'image/png');
  await writePage(
    page.id,
    fileBlock(logo),
    fileBlock(notes),
    fileBlock({ ...fake, mime_type: 'image/png' }),
    fileBlock(foreign),
  );
  const viewId = uuid();
  const put = (published: boolean, row_version: number) =>
    api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
      folder_id: folder.id,
      type: 'documents',
      name: 'Brand book',
      settings: { published },
      row_version,
    });
  expect((await put(true, 1)).status).toBe(200);
  const base = `/p/e${s.team.id}-${viewId}`;
  return {
    put,
    base,
    page,
    logo,
    notes,
    fake,
    unplaced,
    foreign,
    pagePath: `${base}/${pageSlug('Brand', page.id)}`,
  };
}

describe('images and files in a published page', () => {
  test('an image shows in place and a file is a link, both served to anyone; a file of another board is its name only', async () => {
    const site = await siteWithFiles();
    const html = (await read(site.pagePath)).body;
    const files = `${t.app.ctx.config.appUrl}${site.base}/files`;
    expect(html).toContain(`<img src="${files}/${site.logo.id}" alt="logo.png" data-type="file" />`);
    expect(html).toContain(`<a href="${files}/${site.notes.id}" data-type="file">notes &lt;b&gt;.txt</a>`);
    expect(html).toContain(`<a href="${files}/${site.fake.id}" data-type="file">fake.png</a>`);
    expect(html).toContain('<p>foreign.png</p>');
    expect(html).not.toContain(site.foreign.id);

    const image = await read(`${site.base}/files/${site.logo.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const text = await read(`${site.base}/files/${site.notes.id}`);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-disposition']).toMatch(/^attachment/);
    expect(text.body).toBe('plain notes\n');
    const fake = await read(`${site.base}/files/${site.fake.id}`);
    expect(fake.headers['content-disposition']).toMatch(/^attachment/);
    expect(fake.headers['content-type']).not.toMatch(/^image|^text\/html/);
  });

  test.each([
    ['a file of the board no page holds', (site: Site) => site.unplaced.id],
    ['a file of another board a page names', (site: Site) => site.foreign.id],
    ['an id that is no file', () => uuid()],
    ['an id that is not an id', () => 'logo.png'],
  ])('%s: 404', async (_, fileOf) => {
    const site = await sites();
    const res = await read(`${site.base}/files/${fileOf(site)}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('PNG');
  });

  test('a file taken out of the page, or the site unpublished, is no longer served', async () => {
    const site = await siteWithFiles();
    const url = `${site.base}/files/${site.logo.id}`;
    expect((await read(url)).statusCode).toBe(200);
    await writePage(site.page.id, fileBlock(site.notes));
    expect((await read(url)).statusCode).toBe(404);
    const notes = `${site.base}/files/${site.notes.id}`;
    expect((await read(notes)).statusCode).toBe(200);
    expect((await site.put(false, 2)).status).toBe(200);
    expect((await read(notes)).statusCode).toBe(404);
  });
});

type Site = Awaited<ReturnType<typeof siteWithFiles>>;
let shared: Site | undefined;
/** One site for the cases that only read. */
async function sites(): Promise<Site> {
  shared ??= await siteWithFiles();
  return shared;
}
