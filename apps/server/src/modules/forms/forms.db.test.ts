import type { PublicForm } from '@strata/contracts/forms';
import { solveChallenge } from '@strata/domain/forms/form-challenge';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formAnswers } from '../../db/schema/form-answers';
import { queryCounter } from '../../test/query-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../../test/xss-corpus';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { onFormsSubmitted } from '../notifications/form-submitted';
import type { NotifyingEvent } from '../notifications/notification-writes';
import { notificationsOf } from '../notifications/notifications.fixtures';
import { FORM_SUBMITTED_EVENT } from './form-answer-notes';
import { CHALLENGE_TTL_MS } from './form-challenges';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
/** The services' clock runs this far ahead of the real one. */
let clockOffsetMs = 0;
beforeAll(async () => {
  // A cheap proof of work: the tests solve real challenges, 16 hashes on average.
  t = await createTestApp({
    env: { FORM_CHALLENGE_BITS: '4' },
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
  });
  api = itemApi(t);
});
afterAll(() => t?.close());

/** A folder with one attribute of each kind a form asks here, and a form view over it. */
async function formFolder(s: Seeded, settings: (ids: Record<string, string>) => Record<string, unknown>) {
  const { board, folder, name } = await api.newPlace(s);
  const email = await api.newAttribute(s, board.id, 'email', { name: 'Email' });
  const budget = await api.newAttribute(s, board.id, 'number', { name: 'Budget' });
  const source = await api.newAttribute(s, board.id, 'text', { name: 'source' });
  const owners = await api.newAttribute(s, board.id, 'members', { name: 'Owners' });
  const secret = await api.newAttribute(s, board.id, 'text', { name: 'Internal notes' });
  const ids = {
    name: name.id,
    email: email.id,
    budget: budget.id,
    source: source.id,
    owners: owners.id,
    secret: secret.id,
  };
  const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
    folder_id: folder.id,
    type: 'form',
    name: 'Requests',
    settings: settings(ids),
    row_version: 1,
  });
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  return { board, folder, ids, formId: (view.body as { id: string }).id };
}

const sharedForm = (ids: Record<string, string>) => ({
  shared: true,
  title: 'Ask the team',
  after: { message: 'Thanks!' },
  fields: [
    { attribute_id: ids.name, label: 'What do you need?', required: true },
    { attribute_id: ids.email, help: 'We answer here', required: true },
    { attribute_id: ids.budget },
    { attribute_id: ids.owners },
    { attribute_id: ids.source, hidden: true, default: 'web' },
  ],
});

const readForm = (formId: string, token?: string) =>
  t.request({ method: 'GET', url: `/api/public/forms/${formId}`, token });

async function answer(
  formId: string,
  values: Record<string, unknown>,
  options: { token?: string; website?: string; challenge?: { token: string; nonce: string } } = {},
) {
  let challenge = options.challenge;
  if (!challenge) {
    const form = (await readForm(formId)).json() as PublicForm;
    challenge = {
      token: form.challenge.token,
      nonce: await solveChallenge(form.challenge.token, form.challenge.difficulty),
    };
  }
  return t.request({
    method: 'POST',
    url: `/api/public/forms/${formId}/submissions`,
    token: options.token,
    json: { values, challenge, website: options.website },
  });
}

async function folderItems(s: Seeded, folderId: string) {
  const res = await api.listItems(s, s.owner.token, folderId);
  return res.body as { id: string; created_by: number; values: Record<string, { data: unknown }> }[];
}

describe('reading a public form', () => {
  test('a shared form publishes its questions only: no other attribute, no member email', async () => {
    const s = await seedWorkspace(t);
    const { formId, ids } = await formFolder(s, sharedForm);
    const res = await readForm(formId);
    expect(res.statusCode).toBe(200);
    const form = res.json() as PublicForm;
    expect(form.title).toBe('Ask the team');
    expect(form.closed).toBeNull();
    expect(
      form.fields.map((field) => [field.attribute_id, field.label, field.required, field.hidden]),
    ).toEqual([
      [ids.name, 'What do you need?', true, false],
      [ids.email, 'Email', true, false],
      [ids.budget, 'Budget', false, false],
      [ids.owners, 'Owners', false, false],
      [ids.source, 'source', false, true],
    ]);
    expect(form.fields[1]!.help).toBe('We answer here');
    const members = form.fields[3]!.members!;
    expect(members.map((member) => member.name)).toContain('Owner');
    expect(Object.keys(members[0]!).sort()).toEqual(['id', 'name']);
    expect(res.body).not.toContain(ids.secret);
    expect(res.body).not.toContain('Internal notes');
    expect(res.body).not.toContain('@');
    expect(form.challenge.difficulty).toBe(4);
  });

  test.each([
    ['an unknown id', async () => uuid()],
    [
      'a form not shared',
      async (s: Seeded) => (await formFolder(s, (ids) => ({ ...sharedForm(ids), shared: false }))).formId,
    ],
    [
      'a table view',
      async (s: Seeded) => {
        const { folder } = await api.newPlace(s);
        const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
          folder_id: folder.id,
          type: 'table',
          name: 'Table',
          row_version: 1,
        });
        return (view.body as { id: string }).id;
      },
    ],
    [
      'a deleted form',
      async (s: Seeded) => {
        const { formId } = await formFolder(s, sharedForm);
        expect((await api.send('DELETE', `/api/${s.team.id}/views/${formId}`, s.owner.token)).status).toBe(
          200,
        );
        return formId;
      },
    ],
  ])('%s is not found, to read or to answer', async (_, make) => {
    const s = await seedWorkspace(t);
    const formId = await make(s);
    expect((await readForm(formId)).statusCode).toBe(404);
    const res = await t.request({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      json: { values: {}, challenge: { token: '1.a.b', nonce: '0' } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('answering a public form', () => {
  test('an anonymous answer makes an item of the answers, the hidden default and no more', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const res = await answer(formId, { [ids.name]: 'A new laptop', [ids.email]: 'ada@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true, after: { message: 'Thanks!' } });
    const [item] = await folderItems(s, folder.id);
    expect(item!.created_by).toBe(s.owner.id);
    const data = Object.fromEntries(Object.entries(item!.values).map(([id, value]) => [id, value.data]));
    expect(data).toEqual({ [ids.name]: 'A new laptop', [ids.email]: 'ada@example.com', [ids.source]: 'web' });
    const notes = await t.app.ctx.db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.teamId, s.team.id), eq(formAnswers.viewId, formId)));
    expect(notes.map((note) => [note.itemId, note.userId])).toEqual([[item!.id, null]]);
  });

  test('a hidden question takes the value the page sends from its address', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const res = await answer(formId, {
      [ids.name]: 'Desk',
      [ids.email]: 'ada@example.com',
      [ids.source]: 'newsletter',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [item] = await folderItems(s, folder.id);
    expect(item!.values[ids.source]!.data).toBe('newsletter');
  });

  test.each([
    [
      'a required question unanswered',
      (ids: Record<string, string>) => ({ [ids.name]: 'Desk' }),
      'email',
      'FIELD_REQUIRED',
    ],
    [
      'a blank required answer',
      (ids: Record<string, string>) => ({ [ids.name]: '  ', [ids.email]: 'a@b.co' }),
      'name',
      'FIELD_REQUIRED',
    ],
    [
      'an attribute the form does not ask',
      (ids: Record<string, string>) => ({ [ids.name]: 'Desk', [ids.email]: 'a@b.co', [ids.secret]: 'x' }),
      'secret',
      'FORM_NOT_A_QUESTION',
    ],
    [
      'a value of the wrong type',
      (ids: Record<string, string>) => ({ [ids.name]: 'Desk', [ids.email]: 'a@b.co', [ids.budget]: 'lots' }),
      'budget',
      undefined,
    ],
    [
      'an email that is not one',
      (ids: Record<string, string>) => ({ [ids.name]: 'Desk', [ids.email]: 'nope' }),
      'email',
      undefined,
    ],
  ])('%s is answered 422 at its field, and nothing is stored', async (_, values, field, code) => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const res = await answer(formId, values(ids));
    expect(res.statusCode, res.body).toBe(422);
    const error = (res.json() as { errors: { path: string; code?: string }[] }).errors[0]!;
    expect(error.path.startsWith(`values.${(ids as Record<string, string>)[field]}`)).toBe(true);
    if (code) expect(error.code).toBe(code);
    expect(await folderItems(s, folder.id)).toEqual([]);
    expect((await answer(formId, { [ids.name]: 'Desk', [ids.email]: 'a@b.co' })).statusCode).toBe(201);
  });

  test('a filled honeypot is answered as taken and writes nothing', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const res = await answer(
      formId,
      { [ids.name]: 'Spam', [ids.email]: 'a@b.co' },
      { website: 'http://spam' },
    );
    expect(res.statusCode).toBe(201);
    expect(await folderItems(s, folder.id)).toEqual([]);
  });

  test('a member who may create items answers as themselves; one who may not, as the form', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const values = { [ids.name]: 'Chair', [ids.email]: 'a@b.co' };
    expect((await answer(formId, values, { token: s['full-member'].token })).statusCode).toBe(201);
    expect((await answer(formId, values, { token: s.guest.token })).statusCode).toBe(201);
    const creators = (await folderItems(s, folder.id)).map((item) => item.created_by).sort();
    expect(creators).toEqual([s.owner.id, s['full-member'].id].sort());
  });

  test("the items' activity says they came through the form: by whom, or by no one for a visitor", async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, board, ids } = await formFolder(s, sharedForm);
    const values = { [ids.name]: 'Desk', [ids.email]: 'a@b.co' };
    expect((await answer(formId, values, { token: s['full-member'].token })).statusCode).toBe(201);
    expect((await answer(formId, values)).statusCode).toBe(201);
    await api.newItem(s, folder.id, { values: { [ids.name]: { data: 'Typed in' } } });
    const log = await t.request({
      method: 'GET',
      url: `/api/${s.team.id}/boards/${board.id}/activity`,
      token: s.owner.token,
    });
    expect(log.statusCode, log.body).toBe(200);
    const created = (
      log.json() as { data: { event: string; user: { id: number } | null; changes: { form?: unknown } }[] }
    ).data
      .filter((entry) => entry.event === 'item.created')
      .map((entry) => [entry.user?.id ?? null, entry.changes.form ?? null]);
    const form = { id: formId, name: 'Requests' };
    expect(created).toEqual(
      expect.arrayContaining([
        [s['full-member'].id, form],
        [null, form],
        [s.owner.id, null],
      ]),
    );
    expect(created).toHaveLength(3);
  });
});

describe('who is told of an answer', () => {
  test('the owner and the people the form names are told, with the form’s name; not who answered', async () => {
    const s = await seedWorkspace(t);
    const member = s['full-member'];
    const admin = s.admin;
    const { formId, folder, ids } = await formFolder(s, (ids) => ({
      ...sharedForm(ids),
      notify_user_ids: [admin.id, member.id],
    }));
    const values = { [ids.name]: 'Desk', [ids.email]: 'a@b.co' };
    expect((await answer(formId, values)).statusCode).toBe(201);
    expect((await answer(formId, values, { token: member.token })).statusCode).toBe(201);
    const told = await notificationsOf(t, s.team.id, 5);
    const items = await folderItems(s, folder.id);
    const byMember = items.find((item) => item.created_by === member.id)!;
    const anonymous = items.find((item) => item.id !== byMember.id)!;
    const summary = told
      .map((row) => [row.userId, row.itemId === anonymous.id ? 'anonymous' : 'member', row.notificationType])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(summary).toEqual(
      [
        [s.owner.id, 'anonymous', 'FormSubmittedNotification'],
        [admin.id, 'anonymous', 'FormSubmittedNotification'],
        [member.id, 'anonymous', 'FormSubmittedNotification'],
        [s.owner.id, 'member', 'FormSubmittedNotification'],
        [admin.id, 'member', 'FormSubmittedNotification'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const data = told[0]!.data as Record<string, unknown>;
    expect(data.form_name).toBe('Ask the team');
  });
});

describe('the proof of work', () => {
  async function solved(formId: string) {
    const form = (await readForm(formId)).json() as PublicForm;
    return { token: form.challenge.token, nonce: await solveChallenge(form.challenge.token, 4) };
  }

  test.each([
    [
      'a nonce that does not solve it',
      async (challenge: { token: string; nonce: string }) => {
        for (let n = 0; ; n++) {
          const { isChallengeSolved } = await import('@strata/domain/forms/form-challenge');
          if (!(await isChallengeSolved(challenge.token, String(n), 4)))
            return { ...challenge, nonce: String(n) };
        }
      },
    ],
    [
      'an altered token',
      async (challenge: { token: string; nonce: string }) => {
        const [issued, random, signature] = challenge.token.split('.');
        const token = `${Number(issued) + 1}.${random}.${signature}`;
        const { solveChallenge: solve } = await import('@strata/domain/forms/form-challenge');
        return { token, nonce: await solve(token, 4) };
      },
    ],
    ['a token without its parts', async () => ({ token: 'token', nonce: '0' })],
  ])('%s is refused: CHALLENGE_FAILED', async (_, spoil) => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    const challenge = await spoil(await solved(formId));
    const res = await answer(formId, { [ids.name]: 'Desk', [ids.email]: 'a@b.co' }, { challenge });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHALLENGE_FAILED');
    expect(await folderItems(s, folder.id)).toEqual([]);
  });

  test('a challenge is spent by one answer, serves only its form, and runs out', async () => {
    const s = await seedWorkspace(t);
    const { formId, ids } = await formFolder(s, sharedForm);
    const other = await formFolder(s, sharedForm);
    const values = { [ids.name]: 'Desk', [ids.email]: 'a@b.co' };
    const challenge = await solved(formId);
    expect((await answer(formId, values, { challenge })).statusCode).toBe(201);
    const again = await answer(formId, values, { challenge });
    expect([again.statusCode, again.json().code]).toEqual([422, 'CHALLENGE_FAILED']);
    const elsewhere = await answer(
      other.formId,
      { [other.ids.name]: 'Desk', [other.ids.email]: 'a@b.co' },
      { challenge: await solved(formId) },
    );
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([422, 'CHALLENGE_FAILED']);
    const old = await solved(formId);
    clockOffsetMs = CHALLENGE_TTL_MS + 1000;
    try {
      const late = await answer(formId, values, { challenge: old });
      expect([late.statusCode, late.json().code]).toEqual([422, 'CHALLENGE_FAILED']);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('a form that closes', () => {
  test('past its closing time it reads closed and refuses answers (410)', async () => {
    const s = await seedWorkspace(t);
    const closesAt = new Date(Date.now() - 60_000).toISOString();
    const { formId, ids } = await formFolder(s, (ids) => ({ ...sharedForm(ids), closes_at: closesAt }));
    expect(((await readForm(formId)).json() as PublicForm).closed).toBe('closed');
    const res = await answer(formId, { [ids.name]: 'Desk', [ids.email]: 'a@b.co' });
    expect([res.statusCode, res.json().code]).toEqual([410, 'FORM_CLOSED']);
  });

  test('after its last allowed answer it reads full and refuses the next', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, (ids) => ({ ...sharedForm(ids), max_answers: 2 }));
    const values = { [ids.name]: 'Desk', [ids.email]: 'a@b.co' };
    const answers = await Promise.all([
      answer(formId, values),
      answer(formId, values),
      answer(formId, values),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 410]);
    expect(((await readForm(formId)).json() as PublicForm).closed).toBe('full');
    expect(await folderItems(s, folder.id)).toHaveLength(2);
  });
});

describe('a form’s settings', () => {
  test.each([
    [
      'a redirect to javascript:',
      (ids: Record<string, string>) => ({
        ...sharedForm(ids),
        after: { redirect_url: 'javascript:alert(1)' },
      }),
    ],
    [
      'a cover that is not a web address',
      (ids: Record<string, string>) => ({ ...sharedForm(ids), cover: 'data:text/html,x' }),
    ],
  ])('%s is refused: Not a valid URL format', async (_, settings) => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const res = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'form',
      name: 'Requests',
      settings: settings({ name: uuid() }),
      row_version: 1,
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Not a valid URL format');
  });
});

describe('a question’s default', () => {
  const saveForm = (s: Seeded, folderId: string, fields: unknown[], id = uuid(), rowVersion = 1) =>
    api.send('PUT', `/api/${s.team.id}/views/${id}`, s.owner.token, {
      folder_id: folderId,
      type: 'form',
      name: 'Requests',
      settings: { shared: true, fields },
      row_version: rowVersion,
    });

  test('a default its attribute refuses is refused with its code, and nothing is stored', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const budget = await api.newAttribute(s, board.id, 'number', { name: 'Budget' });
    const mail = await api.newAttribute(s, board.id, 'email', { name: 'Email' });
    const id = uuid();
    const res = await saveForm(
      s,
      folder.id,
      [
        { attribute_id: mail.id, default: 'ok@example.com' },
        { attribute_id: budget.id, default: 'lots' },
      ],
      id,
    );
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: { path: string; code: string }[] }).errors;
    expect(errors).toEqual([
      expect.objectContaining({ path: 'settings.fields.1.default', code: 'INVALID_NUMBER' }),
    ]);
    expect((await readForm(id)).statusCode).toBe(404);
  });

  test('a long text default is stored sanitised, and an answer without it takes it', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const notes = await api.newAttribute(s, board.id, 'longtext', { name: 'Notes' });
    const id = uuid();
    const res = await saveForm(
      s,
      folder.id,
      [
        { attribute_id: name.id, required: true },
        {
          attribute_id: notes.id,
          default: '<p>Fill <b>me</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        },
      ],
      id,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (res.body as { settings: { fields: { default?: unknown }[] } }).settings.fields[1]!
      .default;
    expect(stored).toBe('<p>Fill <b>me</b></p>');
    const form = (await readForm(id)).json() as PublicForm;
    expect(form.fields[1]!.default).toBe(stored);
    expect((await answer(id, { [name.id]: 'Desk' })).statusCode).toBe(201);
    const [item] = await folderItems(s, folder.id);
    expect(item!.values[notes.id]!.data).toBe(stored);
  });
});

describe('hostile answers', () => {
  test('the XSS corpus answered to a long text question is stored harmless; a text answer stays text', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const notes = await api.newAttribute(s, board.id, 'longtext', { name: 'Notes' });
    const formId = uuid();
    const saved = await api.send('PUT', `/api/${s.team.id}/views/${formId}`, s.owner.token, {
      folder_id: folder.id,
      type: 'form',
      name: 'Requests',
      settings: { shared: true, fields: [{ attribute_id: name.id }, { attribute_id: notes.id }] },
      row_version: 1,
    });
    expect(saved.status).toBe(200);
    const hostile = XSS_PAYLOADS.join('\n');
    const res = await answer(formId, { [name.id]: XSS_PAYLOADS[0], [notes.id]: hostile });
    expect(res.statusCode, res.body).toBe(201);
    const [item] = await folderItems(s, folder.id);
    const html = item!.values[notes.id]!.data as string;
    expect(html).not.toMatch(DANGEROUS_HTML);
    expect(html).toContain('click');
    // A name is plain text: kept as typed, and escaped wherever it is shown.
    expect(item!.values[name.id]!.data).toBe(XSS_PAYLOADS[0]);
  });
});

describe('a burst of answers', () => {
  test('is told in a number of statements that does not grow with the answers, each with its own item', async () => {
    const s = await seedWorkspace(t);
    const { formId, folder, ids } = await formFolder(s, sharedForm);
    for (let n = 0; n < 6; n++)
      expect((await answer(formId, { [ids.name]: `Desk ${n}`, [ids.email]: 'a@b.co' })).statusCode).toBe(201);
    const items = await folderItems(s, folder.id);
    const events = (some: typeof items): NotifyingEvent[] =>
      some.map((item) => ({
        type: FORM_SUBMITTED_EVENT,
        teamId: s.team.id,
        actorId: null,
        payload: { id: formId, item_id: item.id },
      }));
    await t.app.dispatcher.settled();
    const before = new Set((await notificationsOf(t, s.team.id, 6)).map((row) => row.id));
    const counter = queryCounter(t.app.ctx.db);
    const two = await counter.fewest(() => onFormsSubmitted(t.app.ctx, events(items.slice(0, 2))));
    const six = await counter.fewest(() => onFormsSubmitted(t.app.ctx, events(items)));
    expect(six.queries).toBe(two.queries);
    // fewest ran each three times: 6 + 18 notifications more, each naming its own item.
    const told = (await notificationsOf(t, s.team.id, 6 + 6 + 18)).filter((row) => !before.has(row.id));
    expect(told).toHaveLength(24);
    expect(new Set(told.map((row) => row.itemId))).toEqual(new Set(items.map((item) => item.id)));
    for (const row of told) {
      const item = items.find((one) => one.id === row.itemId)!;
      expect(row.userId).toBe(s.owner.id);
      expect((row.data as Record<string, unknown>).item_name).toBe(item.values[ids.name]!.data);
      expect((row.data as Record<string, unknown>).form_name).toBe('Ask the team');
    }
  });
});
