import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let other: Seeded;
let board: { id: string };
let folderId: string;
let filesAttribute: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ATTACHMENT_MAX_MB: '1' } });
  api = itemApi(t);
  s = await seedWorkspace(t);
  other = await seedWorkspace(t);
  const place = await api.newPlace(s);
  board = place.board;
  folderId = place.folder.id;
  filesAttribute = (await api.newAttribute(s, board.id, 'attachments', { name: 'Files' })).id;
});
afterAll(() => t?.close());

const PDF = Buffer.from('%PDF-1.4\n% a small document\n%%EOF\n');

function upload(
  teamId: number,
  token: string,
  file: { name: string; bytes: Buffer; type?: string },
  boardId?: string,
) {
  return t.request({
    method: 'POST',
    url: `/api/${teamId}/attachments${boardId ? `?board_id=${boardId}` : ''}`,
    token,
    ...multipart('file', file.name, file.bytes, file.type ?? 'application/octet-stream'),
  });
}

/** An upload that must succeed: the attachment answered. */
async function uploaded(file: { name: string; bytes: Buffer; type?: string }, token = s.owner.token) {
  const res = await upload(s.team.id, token, file, board.id);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; name: string; mime_type: string; size: number };
}

/** Files written under the workspace's attachments folder (none yet: empty). */
async function storedFiles(teamId: number): Promise<string[]> {
  const dir = join(t.app.ctx.config.dataDir, 'uploads', 'attachments', String(teamId));
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}

describe('upload and download', () => {
  test('an upload is stored under DATA_DIR and served back as it was, with safe headers', async () => {
    const name = 'Plan ü 100%;v2.pdf';
    const res = await upload(
      s.team.id,
      s.admin.token,
      { name, bytes: PDF, type: 'application/pdf' },
      board.id,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      object: 'attachment',
      board_id: board.id,
      name,
      mime_type: 'application/pdf',
      size: PDF.length,
      url: `/api/${s.team.id}/attachments/${body.id}/file`,
      created_at: expect.any(String),
      created_by: s.admin.id,
    });
    const [row] = await t.app.ctx.db.select().from(attachments).where(eq(attachments.id, body.id));
    expect(row!.teamId).toBe(s.team.id);
    // The bytes are on disk under a name of the server's choosing, never the client's.
    expect(row!.storageKey).toMatch(new RegExp(`^attachments/${s.team.id}/[A-Za-z0-9_-]{32}$`));
    expect(await readFile(join(t.app.ctx.config.dataDir, 'uploads', row!.storageKey))).toEqual(PDF);

    const file = await t.request({ method: 'GET', url: body.url, token: s.guest.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PDF);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(PDF.length));
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Plan _ 100__v2.pdf"; filename*=UTF-8''Plan%20%C3%BC%20100%25%3Bv2.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers.etag).toBe(`"${body.id}"`);

    const again = await t.request({
      method: 'GET',
      url: body.url,
      token: s.guest.token,
      headers: { 'if-none-match': `"${body.id}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const described = await t.request({
      method: 'GET',
      url: `/api/${s.team.id}/attachments/${body.id}`,
      token: s.owner.token,
    });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual(body);
  });

  test('an image the bytes confirm is shown inline; download=1 asks for a download', async () => {
    const image = await uploaded({ name: 'shot.png', bytes: PNG, type: 'image/png' });
    expect(image.mime_type).toBe('image/png');
    const inline = await t.request({ method: 'GET', url: image.url, token: s.owner.token });
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="shot.png"; filename*=UTF-8''shot.png`,
    );
    const download = await t.request({ method: 'GET', url: `${image.url}?download=1`, token: s.owner.token });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.rawPayload).toEqual(PNG);
  });

  test('HTML, SVG and a page posing as a PNG are never served as themselves', async () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const file of [
      { name: 'page.html', bytes: page, type: 'text/html' },
      { name: 'logo.svg', bytes: Buffer.from('<svg onload="alert(1)"/>'), type: 'image/svg+xml' },
      { name: 'fake.png', bytes: page, type: 'image/png' },
    ]) {
      const stored = await uploaded(file);
      const res = await t.request({ method: 'GET', url: stored.url, token: s.owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type'], file.name).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], file.name).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a file name with folders or control characters keeps only its last part', async () => {
    const stored = await uploaded({
      name: '..\\..\\evil/\u0007notes.txt',
      bytes: Buffer.from('hi'),
      type: 'text/plain',
    });
    expect(stored.name).toBe('notes.txt');
  });

  test('a file over ATTACHMENT_MAX_MB is refused with the spec message, and nothing is stored', async () => {
    const rowsBefore = await t.app.ctx.db.select().from(attachments).where(eq(attachments.teamId, s.team.id));
    const filesBefore = await storedFiles(s.team.id);
    const res = await upload(
      s.team.id,
      s.owner.token,
      { name: 'huge.bin', bytes: Buffer.alloc(1024 * 1024 + 1, 7) },
      board.id,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file you are trying to upload is too large. Your file must be less than 1MB.',
      params: { n: 1 },
    });
    const rowsAfter = await t.app.ctx.db.select().from(attachments).where(eq(attachments.teamId, s.team.id));
    expect(rowsAfter.length).toBe(rowsBefore.length);
    expect(await storedFiles(s.team.id)).toEqual(filesBefore);
  });

  test('an upload needs a multipart body with the field "file"', async () => {
    const json = await t.request({
      method: 'POST',
      url: `/api/${s.team.id}/attachments`,
      token: s.owner.token,
      json: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    const wrongField = await t.request({
      method: 'POST',
      url: `/api/${s.team.id}/attachments`,
      token: s.owner.token,
      ...multipart('photo', 'a.txt', Buffer.from('x'), 'text/plain'),
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors[0].path).toBe('file');
  });
});

/** A form with a `board_id` field before the file, as the web app sends it. */
function formWithBoard(boardId: string, bytes: Buffer) {
  const boundary = '----strata-attachment-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="board_id"\r\n\r\n${boardId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('permissions', () => {
  const MAY_UPLOAD = ['owner', 'admin', 'full-member', 'restricted-member'];

  test.each(ROLES)('%s: may upload to a board only with the right to create or edit items', async (role) => {
    const res = await upload(s.team.id, s[role].token, { name: 'a.txt', bytes: Buffer.from('a') }, board.id);
    expect(res.statusCode, res.body).toBe(MAY_UPLOAD.includes(role) ? 201 : 403);
    const viaField = await t.request({
      method: 'POST',
      url: `/api/${s.team.id}/attachments`,
      token: s[role].token,
      ...formWithBoard(board.id, Buffer.from('b')),
    });
    expect(viaField.statusCode, viaField.body).toBe(MAY_UPLOAD.includes(role) ? 201 : 403);
    if (viaField.statusCode === 201) expect(viaField.json().board_id).toBe(board.id);
  });

  test('a private board: those who do not see it can neither upload to it nor read its files', async () => {
    const hidden = await api.newBoard(s, { is_private: true });
    const stored = (
      await upload(s.team.id, s.owner.token, { name: 'secret.txt', bytes: Buffer.from('s') }, hidden.id)
    ).json();
    expect(stored.board_id).toBe(hidden.id);
    const refused = await upload(
      s.team.id,
      s['full-member'].token,
      { name: 'a.txt', bytes: Buffer.from('a') },
      hidden.id,
    );
    expect(refused.statusCode).toBe(404);
    const read = await t.request({ method: 'GET', url: stored.url, token: s['full-member'].token });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('secret');
    const owner = await t.request({ method: 'GET', url: stored.url, token: s.owner.token });
    expect(owner.statusCode).toBe(200);
  });

  test('people outside the workspace can neither upload nor read', async () => {
    const stored = await uploaded({ name: 'inside.txt', bytes: Buffer.from('i') });
    const up = await upload(
      s.team.id,
      s.outsider.token,
      { name: 'a.txt', bytes: Buffer.from('a') },
      board.id,
    );
    expect(up.statusCode).toBe(404);
    const read = await t.request({ method: 'GET', url: stored.url, token: s.outsider.token });
    expect(read.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: stored.url });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('another workspace and hostile ids', () => {
  test("another workspace's attachment is not found, under either workspace's id", async () => {
    const foreign = (
      await upload(other.team.id, other.owner.token, { name: 'theirs.txt', bytes: Buffer.from('t') })
    ).json();
    for (const teamId of [s.team.id, other.team.id]) {
      for (const suffix of ['', '/file']) {
        const res = await t.request({
          method: 'GET',
          url: `/api/${teamId}/attachments/${foreign.id}${suffix}`,
          token: s.owner.token,
        });
        expect(res.statusCode, `${teamId}${suffix}`).toBe(404);
        expect(res.body).not.toContain('theirs');
      }
    }
  });

  test('ids that are not UUIDs, or name no attachment, find nothing', async () => {
    for (const id of ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', "1' OR '1'='1", uuid()]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/${s.team.id}/attachments/${id}/file`,
        token: s.owner.token,
      });
      expect([404, 422], id).toContain(res.statusCode);
    }
  });
});

describe('attachments values', () => {
  test("a value keeps the server's facts of each file, whatever the client sent", async () => {
    const stored = await uploaded({ name: 'brief.pdf', bytes: PDF, type: 'application/pdf' });
    const item = await api.newItem(s, folderId, {
      values: {
        [filesAttribute]: {
          data: [{ id: stored.id, name: 'renamed.exe', url: 'javascript:alert(1)', size: 1 }],
        },
      },
    });
    expect(item.values[filesAttribute]?.data).toEqual([
      { id: stored.id, name: 'brief.pdf', mime_type: 'application/pdf', size: PDF.length, url: stored.url },
    ]);
    const second = await uploaded({ name: 'notes.txt', bytes: Buffer.from('n'), type: 'text/plain' });
    const updated = await api.putItem(s, s.owner.token, item.id, {
      values: { [filesAttribute]: { data: [{ id: stored.id }, { id: second.id }] } },
      row_version: 2,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.values[filesAttribute].data.map((f: { name: string }) => f.name)).toEqual([
      'brief.pdf',
      'notes.txt',
    ]);
    // Removing a file from the cell is a save of the list without it.
    const removed = await api.putItem(s, s.owner.token, item.id, {
      values: { [filesAttribute]: { data: [{ id: second.id }] } },
      row_version: 3,
    });
    expect(removed.body.values[filesAttribute].data).toEqual([
      { id: second.id, name: 'notes.txt', mime_type: 'text/plain', size: 1, url: second.url },
    ]);
  });

  test("another workspace's attachment, another board's, or an unknown id is refused in a value", async () => {
    const foreign = (
      await upload(other.team.id, other.owner.token, { name: 'theirs.txt', bytes: Buffer.from('t') })
    ).json();
    const elsewhere = await api.newBoard(s);
    const otherBoards = (
      await upload(s.team.id, s.owner.token, { name: 'x.txt', bytes: Buffer.from('x') }, elsewhere.id)
    ).json();
    for (const id of [foreign.id, otherBoards.id, uuid()]) {
      const res = await api.putItem(s, s.owner.token, uuid(), {
        folder_id: folderId,
        values: { [filesAttribute]: { data: [{ id, name: 'looks fine.txt' }] } },
        row_version: 1,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({
        code: 'UNKNOWN_ATTACHMENT',
        path: `values.${filesAttribute}.0.id`,
      });
      expect(JSON.stringify(res.body)).not.toContain('theirs');
    }
  });

  test('a file uploaded without a board may be named on any board of the workspace', async () => {
    const loose = await upload(s.team.id, s['full-member'].token, {
      name: 'loose.txt',
      bytes: Buffer.from('l'),
    });
    expect(loose.statusCode, loose.body).toBe(201);
    expect(loose.json().board_id).toBeNull();
    const item = await api.newItem(s, folderId, {
      values: { [filesAttribute]: { data: [{ id: loose.json().id }] } },
    });
    expect(item.values[filesAttribute]?.data).toMatchObject([{ id: loose.json().id, name: 'loose.txt' }]);
    const read = await t.request({ method: 'GET', url: loose.json().url, token: s.guest.token });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('l');
  });

  test('a batch save checks attachments values as a single save does', async () => {
    const foreign = (
      await upload(other.team.id, other.owner.token, { name: 'theirs.txt', bytes: Buffer.from('t') })
    ).json();
    const res = await t.request({
      method: 'POST',
      url: `/api/${s.team.id}/save-multiple`,
      token: s.owner.token,
      json: [
        {
          type: 'item',
          op: 'put',
          id: uuid(),
          body: {
            folder_id: folderId,
            values: { [filesAttribute]: { data: [{ id: foreign.id }] } },
            row_version: 1,
          },
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('UNKNOWN_ATTACHMENT');
  });
});
