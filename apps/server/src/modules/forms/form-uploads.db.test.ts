import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PublicForm } from '@strata/contracts/forms';
import { solveChallenge } from '@strata/domain/forms/form-challenge';
import { MAX_FORM_FILES } from '@strata/domain/forms/form-settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import { uploadsDir } from '../../lib/image-store';
import { type MultipartPart, multipartOf } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp({ env: { FORM_CHALLENGE_BITS: '4', ATTACHMENT_MAX_MB: '1' } });
  api = itemApi(t);
});
afterAll(() => t?.close());

/** A shared form asking a required name and a file question, and a text it does not ask. */
async function fileForm(s: Seeded) {
  const { board, folder, name } = await api.newPlace(s);
  const files = await api.newAttribute(s, board.id, 'attachments', { name: 'Files' });
  const notes = await api.newAttribute(s, board.id, 'text', { name: 'Notes' });
  const formId = uuid();
  const res = await api.send('PUT', `/api/${s.team.id}/views/${formId}`, s.owner.token, {
    folder_id: folder.id,
    type: 'form',
    name: 'Uploads',
    settings: {
      shared: true,
      fields: [{ attribute_id: name.id, required: true }, { attribute_id: files.id }],
    },
    row_version: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { board, folder, formId, ids: { name: name.id, files: files.id, notes: notes.id } };
}

async function solved(formId: string) {
  const form = (await t.request({ method: 'GET', url: `/api/public/forms/${formId}` })).json() as PublicForm;
  return {
    token: form.challenge.token,
    nonce: await solveChallenge(form.challenge.token, form.challenge.difficulty),
  };
}

async function answerWithFiles(
  formId: string,
  values: Record<string, unknown>,
  files: MultipartPart[],
  challenge?: { token: string; nonce: string },
) {
  const submission = { values, challenge: challenge ?? (await solved(formId)) };
  return t.request({
    method: 'POST',
    url: `/api/public/forms/${formId}/submissions/files`,
    ...multipartOf([{ name: 'submission', value: JSON.stringify(submission) }, ...files]),
  });
}

const file = (
  attributeId: string,
  filename: string,
  bytes = Buffer.from('plain words'),
  type = 'text/plain',
) => ({
  name: `files.${attributeId}`,
  filename,
  bytes,
  type,
});

/** The board's stored attachments and the files of the workspace on disk. */
async function stored(s: Seeded, boardId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.teamId, s.team.id), eq(attachments.boardId, boardId)));
  const dir = join(uploadsDir(t.app.ctx), 'attachments', String(s.team.id));
  const onDisk = await readdir(dir).catch(() => [] as string[]);
  return { rows, onDisk };
}

describe('files sent with an answer', () => {
  test('an anonymous answer stores its files on the item; they are served as downloads only', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, formId, ids } = await fileForm(s);
    const res = await answerWithFiles(formId, { [ids.name]: 'Desk' }, [
      file(ids.files, 'quote.txt'),
      file(ids.files, 'page.html', Buffer.from('<script>alert(1)</script>'), 'text/html'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [item] = (await api.listItems(s, s.owner.token, folder.id)).body as {
      values: Record<string, { data: { id: string; name: string; size: number }[] }>;
    }[];
    const sent = item!.values[ids.files]!.data;
    expect(sent.map((entry) => entry.name)).toEqual(['quote.txt', 'page.html']);
    const page = await t.request({
      method: 'GET',
      url: `/api/${s.team.id}/attachments/${sent[1]!.id}/file`,
      token: s.owner.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const kept = await stored(s, board.id);
    expect(kept.rows).toHaveLength(2);
    expect(kept.onDisk).toHaveLength(2);
  });

  test.each<
    [
      string,
      (ids: Record<string, string>) => Record<string, unknown>,
      (ids: Record<string, string>) => MultipartPart[],
      string,
    ]
  >([
    [
      'a file over the size limit',
      (ids) => ({ [ids.name]: 'Desk' }),
      (ids) => [file(ids.files, 'small.txt'), file(ids.files, 'big.bin', Buffer.alloc(1024 * 1024 + 10, 1))],
      'FILE_TOO_LARGE',
    ],
    ['a required question unanswered', () => ({}), (ids) => [file(ids.files, 'a.txt')], 'FIELD_REQUIRED'],
    [
      'a file for a question the form does not ask',
      (ids) => ({ [ids.name]: 'Desk' }),
      (ids) => [file(ids.notes, 'a.txt')],
      'FORM_NOT_A_QUESTION',
    ],
    [
      'more files than an answer carries',
      (ids) => ({ [ids.name]: 'Desk' }),
      (ids) => Array.from({ length: MAX_FORM_FILES + 1 }, (_, n) => file(ids.files, `f${n}.txt`)),
      'FORM_TOO_MANY_FILES',
    ],
  ])('%s is refused and leaves nothing stored', async (_, values, files, code) => {
    const s = await seedWorkspace(t);
    const { board, folder, formId, ids } = await fileForm(s);
    const res = await answerWithFiles(formId, values(ids), files(ids));
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json())).toContain(code);
    expect(await stored(s, board.id)).toEqual({ rows: [], onDisk: [] });
    expect((await api.listItems(s, s.owner.token, folder.id)).body).toEqual([]);
  });

  test('an unsolved challenge is refused before any file is written', async () => {
    const s = await seedWorkspace(t);
    const { board, formId, ids } = await fileForm(s);
    const { token } = await solved(formId);
    const res = await answerWithFiles(formId, { [ids.name]: 'Desk' }, [file(ids.files, 'a.txt')], {
      token,
      nonce: 'x',
    });
    expect(res.json().code).toBe('CHALLENGE_FAILED');
    expect(await stored(s, board.id)).toEqual({ rows: [], onDisk: [] });
  });

  test("a file already stored cannot be named in an answer: the team's files stay theirs", async () => {
    const s = await seedWorkspace(t);
    const { formId, ids } = await fileForm(s);
    const res = await t.request({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      json: {
        values: { [ids.name]: 'Desk', [ids.files]: [{ id: uuid() }] },
        challenge: await solved(formId),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: `values.${ids.files}`, code: 'FORM_FILES_ONLY_UPLOADED' }),
    ]);
  });

  test('the answer must come first, as the field "submission"', async () => {
    const s = await seedWorkspace(t);
    const { board, formId, ids } = await fileForm(s);
    const res = await t.request({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions/files`,
      ...multipartOf([file(ids.files, 'a.txt')]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].path).toBe('submission');
    expect(await stored(s, board.id)).toEqual({ rows: [], onDisk: [] });
  });
});
