import type { PublicForm } from '@strata/contracts/forms';
import { solveChallenge } from '@strata/domain/forms/form-challenge';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { settledRuns } from './automation-runs.fixtures';
import { automationApi } from './automations.fixtures';

let t: TestApp;
beforeAll(async () => {
  // A cheap proof of work: the test solves a real challenge, 16 hashes on average.
  t = await createTestApp({ env: { FORM_CHALLENGE_BITS: '4' } });
});
afterAll(() => t?.close());

test('a form’s answer fires the automations of its form (or of any form), not those of another', async () => {
  const api = itemApi(t);
  const s = await seedWorkspace(t);
  const a = automationApi(api, s);
  const { board, folder, name } = await api.newPlace(s);
  const count = await api.newAttribute(s, board.id, 'number', { name: 'Score' });
  const form = async (title: string) => {
    const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'form',
      name: title,
      settings: { shared: true, title, fields: [{ attribute_id: name.id, required: true }] },
      row_version: 1,
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    return (view.body as { id: string }).id;
  };
  const requests = await form('Requests');
  const other = await form('Other');
  const set = (score: number) => [
    { kind: 'set_value', attribute_id: count.id, value: { kind: 'fixed', data: score } },
  ];
  const ofRequests = await a.create(board.id, {
    trigger: { kind: 'form_submitted', form_id: requests },
    actions: set(1),
  });
  const ofAny = await a.create(board.id, {
    trigger: { kind: 'form_submitted' },
    actions: [{ kind: 'add_comment', text: 'New request' }],
  });
  const ofOther = await a.create(board.id, {
    trigger: { kind: 'form_submitted', form_id: other },
    actions: set(2),
  });

  const read = (
    await t.request({ method: 'GET', url: `/api/public/forms/${requests}` })
  ).json() as PublicForm;
  const answered = await t.request({
    method: 'POST',
    url: `/api/public/forms/${requests}/submissions`,
    json: {
      values: { [name.id]: 'Need a laptop' },
      challenge: {
        token: read.challenge.token,
        nonce: await solveChallenge(read.challenge.token, read.challenge.difficulty),
      },
    },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const [run] = await settledRuns(t, s.team.id, ofRequests.id, 1);
  expect(run).toMatchObject({ state: 'done', occurrence: { kind: 'form_submitted', form_id: requests } });
  await settledRuns(t, s.team.id, ofAny.id, 1);
  const items = (await api.listItems(s, s.owner.token, folder.id)).body as {
    values: Record<string, { data: unknown }>;
  }[];
  expect(items.map((item) => item.values[count.id]?.data)).toEqual([1]);
  expect((await a.runs(s.owner.token, ofOther.id)).body).toEqual([]);
});
