import { afterAll, beforeAll, expect, test } from 'vitest';
import { uuid } from '../items/items.fixtures';
import { settledRuns } from './automation-runs.fixtures';
import { type AutomationSuite, openAutomationSuite } from './automations.fixtures';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const entry = (name: string, done: boolean) => ({ id: uuid(), name, done });
const [first, second] = [entry('Draft', false), entry('Review', false)];

/**
 * Trigger kinds driven through the API (the others have tests of their own: items created and
 * moved, labels and values in automation-runs, dates and schedules in automation-clock, forms,
 * buttons). Each change in `steps` is made in turn; only the ones marked `fires` start a run.
 */
test.each([
  {
    kind: 'checkbox_checked',
    type: 'checkbox',
    steps: [
      { data: true, fires: true },
      { data: true, fires: false },
      { data: false, fires: false },
      { data: true, fires: true },
    ],
  },
  {
    kind: 'checklist_completed',
    type: 'checklist',
    steps: [
      { data: [first, second], fires: false },
      { data: [{ ...first, done: true }, second], fires: false },
      {
        data: [
          { ...first, done: true },
          { ...second, done: true },
        ],
        fires: true,
      },
      { data: [{ ...first, done: true }, { ...second, done: true }, entry('Ship', false)], fires: false },
    ],
  },
])('$kind runs when its value comes to hold, not again while it holds', async ({ kind, type, steps }) => {
  const { board, folder } = await api.newPlace(s, { name: kind });
  const attribute = await api.newAttribute(s, board.id, type, { name: 'Watched' });
  const count = await api.newAttribute(s, board.id, 'number', { name: 'Count' });
  const automation = await a.create(board.id, {
    trigger: { kind, attribute_id: attribute.id },
    actions: [
      { kind: 'set_value', attribute_id: count.id, value: { kind: 'formula', expression: '{Count} + 1' } },
    ],
  });
  const item = await api.newItem(s, folder.id, { values: { [count.id]: { data: 0 } } });
  let version = 1;
  let expected = 0;
  for (const step of steps) {
    const res = await api.putItem(s, s.owner.token, item.id, {
      values: { [attribute.id]: { data: step.data } },
      row_version: ++version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (step.fires) expected++;
    const runs = expected === 0 ? [] : await settledRuns(t, s.team.id, automation.id, expected);
    expect(runs.filter((run) => run.state === 'done')).toHaveLength(expected);
    // A run's write is the item's next version.
    if (step.fires) version++;
  }
  const listed = (await api.listItems(s, s.owner.token, folder.id)).body as {
    values: Record<string, { data: unknown }>;
  }[];
  expect(listed[0]!.values[count.id]?.data).toBe(expected);
});

test('comment_added runs on a comment of its folder’s items, not of another folder’s', async () => {
  const { board, folder } = await api.newPlace(s, { name: 'Comments' });
  const other = await api.newFolder(s, board.id, { name: 'Other' });
  const count = await api.newAttribute(s, board.id, 'number', { name: 'Count' });
  const automation = await a.create(board.id, {
    trigger: { kind: 'comment_added', folder_id: folder.id },
    actions: [{ kind: 'set_value', attribute_id: count.id, value: { kind: 'fixed', data: 1 } }],
  });
  const inside = await api.newItem(s, folder.id);
  const outside = await api.newItem(s, other.id);
  for (const item of [outside, inside]) {
    const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.owner.token, {
      board_id: board.id,
      item_id: item.id,
      text: { html: '<p>Looks good</p>' },
      row_version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const runs = await settledRuns(t, s.team.id, automation.id);
  expect(runs.map((run) => [run.itemId, run.state, (run.occurrence as { kind: string }).kind])).toEqual([
    [inside.id, 'done', 'comment_added'],
  ]);
});
