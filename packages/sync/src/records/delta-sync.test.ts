import { describe, expect, test } from 'vitest';
import {
  type CursorStorage,
  createDeltaSync,
  type DeltaChange,
  type DeltaHandler,
  type DeltaPage,
} from './delta-sync';
import type { RecordId } from './record-rules';

const change = (type: string, id: RecordId, row_version = 1): DeltaChange => ({
  type,
  id,
  row_version,
  data: { id, row_version },
});

const page = (cursor: number, fields: Partial<DeltaPage> = {}): DeltaPage => ({
  cursor,
  has_more: false,
  changes: [],
  deleted: [],
  ...fields,
});

/** A server answering scripted pages by the `since` asked; anything else is an error. */
function scripted(pages: Record<number, DeltaPage | Error>) {
  const asked: number[] = [];
  return {
    asked,
    fetchChanges: async (since: number) => {
      asked.push(since);
      const answer = pages[since];
      if (answer === undefined) throw new Error(`no page scripted for since=${since}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function memoryCursor(initial?: number): CursorStorage & { stored: number | undefined; writes: number[] } {
  const cursor = {
    stored: initial,
    writes: [] as number[],
    get: () => cursor.stored,
    set(value: number) {
      cursor.stored = value;
      cursor.writes.push(value);
    },
  };
  return cursor;
}

/** Handlers that log every call as `verb type ids`, in order. */
function recording(types: string[], failOn?: { verb: string; type: string }) {
  const log: string[] = [];
  const handlers: Record<string, DeltaHandler> = {};
  for (const type of types) {
    const entry =
      (verb: string) =>
      (items: (DeltaChange | RecordId)[]): void => {
        if (failOn?.verb === verb && failOn.type === type) throw new Error(`${verb} ${type} failed`);
        const ids = items.map((item) => (typeof item === 'object' ? item.id : item));
        log.push(`${verb} ${type} ${ids.join(',')}`);
      };
    handlers[type] = { apply: entry('apply'), remove: entry('remove'), replace: entry('replace') };
  }
  return { log, handlers };
}

describe('pulling from a cursor', () => {
  test('applies each page by type (removals first), stores each page’s cursor after its handlers, until has_more is false', async () => {
    const server = scripted({
      10: page(12, {
        has_more: true,
        changes: [change('member', 1), change('team', 7), change('member', 2)],
        deleted: [{ type: 'invitation', id: 5 }],
      }),
      12: page(15, { changes: [change('member', 3)], deleted: [{ type: 'member', id: 1 }] }),
    });
    const cursor = memoryCursor(10);
    const { log, handlers } = recording(['team', 'member', 'invitation']);
    const sync = createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers });
    const result = await sync.pull();
    expect(server.asked).toEqual([10, 12]);
    expect(log).toEqual([
      'remove invitation 5',
      'apply member 1,2',
      'apply team 7',
      'remove member 1',
      'apply member 3',
    ]);
    expect(cursor.writes).toEqual([12, 15]);
    expect(result).toEqual({ cursor: 15, pages: 2, replaced: false, changed: 4, deleted: 2 });
  });

  test('a page with nothing still stores the server’s cursor; types without a handler are skipped', async () => {
    const server = scripted({ 3: page(9, { changes: [change('board', 'b1'), change('team', 1)] }) });
    const cursor = memoryCursor(3);
    const { log, handlers } = recording(['team']);
    await createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull();
    expect(log).toEqual(['apply team 1']);
    expect(cursor.stored).toBe(9);
  });

  test.each([
    { case: 'the second page fails to arrive', pages: { 12: new Error('offline') }, fail: undefined },
    {
      case: 'a handler throws on the second page',
      pages: { 12: page(15, { changes: [change('team', 1)] }) },
      fail: { verb: 'apply', type: 'team' },
    },
  ])(
    '$case: the pull rejects and the cursor stays where the last handled page ended',
    async ({ pages, fail }) => {
      const server = scripted({ 10: page(12, { has_more: true, changes: [change('member', 1)] }), ...pages });
      const cursor = memoryCursor(10);
      const { log, handlers } = recording(['team', 'member'], fail);
      await expect(
        createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull(),
      ).rejects.toThrow();
      expect(log).toEqual(['apply member 1']);
      expect(cursor.stored).toBe(12);
    },
  );

  test('a server that says has_more without moving the cursor is an error, not an endless loop', async () => {
    const server = scripted({ 4: page(4, { has_more: true }) });
    const sync = createDeltaSync({
      fetchChanges: server.fetchChanges,
      cursor: memoryCursor(4),
      handlers: {},
    });
    await expect(sync.pull()).rejects.toThrow('did not advance');
    expect(server.asked).toEqual([4]);
  });
});

describe('snapshots: a first pull, or a reset', () => {
  test('with no cursor, pages are gathered and every handler replaces once at the end; the cursor is stored only then', async () => {
    const server = scripted({
      0: page(2, { has_more: true, changes: [change('team', 1), change('member', 1)] }),
      2: page(4, { changes: [change('member', 2), change('member', 1, 2)], deleted: [] }),
    });
    const cursor = memoryCursor();
    const { log, handlers } = recording(['team', 'member', 'invitation']);
    const result = await createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull();
    expect(log).toEqual(['replace team 1', 'replace member 1,2', 'replace invitation ']);
    expect(cursor.writes).toEqual([4]);
    expect(result).toMatchObject({ cursor: 4, replaced: true, pages: 2 });
  });

  test('a failure inside a snapshot applies nothing and stores nothing', async () => {
    const server = scripted({
      0: page(2, { has_more: true, changes: [change('team', 1)] }),
      2: new Error('offline'),
    });
    const cursor = memoryCursor();
    const { log, handlers } = recording(['team']);
    await expect(
      createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull(),
    ).rejects.toThrow();
    expect(log).toEqual([]);
    expect(cursor.stored).toBeUndefined();
  });

  test('reset (a cursor ahead of the server) replaces everything, even with a cursor lower than the one held; later deletes leave the snapshot', async () => {
    const server = scripted({
      500: page(3, { reset: true, has_more: true, changes: [change('team', 1), change('member', 8)] }),
      3: page(6, { changes: [change('member', 9)], deleted: [{ type: 'member', id: 8 }] }),
    });
    const cursor = memoryCursor(500);
    const { log, handlers } = recording(['team', 'member']);
    const result = await createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull();
    expect(server.asked).toEqual([500, 3]);
    expect(log).toEqual(['replace team 1', 'replace member 9']);
    expect(cursor.writes).toEqual([6]);
    expect(result.replaced).toBe(true);
  });

  test('a reset after pages already applied: those stay applied, the rest becomes one replace', async () => {
    const server = scripted({
      10: page(11, { has_more: true, changes: [change('member', 1)] }),
      11: page(4, { reset: true, changes: [change('member', 2)] }),
    });
    const cursor = memoryCursor(10);
    const { log, handlers } = recording(['member']);
    await createDeltaSync({ fetchChanges: server.fetchChanges, cursor, handlers }).pull();
    expect(log).toEqual(['apply member 1', 'replace member 2']);
    expect(cursor.writes).toEqual([11, 4]);
  });
});

describe('one pull at a time', () => {
  test('calls during a pull join it, then share exactly one more pull that starts after it ended', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const releases: (() => void)[] = [];
    let cursorValue = 1;
    const fetchChanges = async (since: number) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight -= 1;
      cursorValue += 1;
      return page(cursorValue, { changes: [change('team', since)] });
    };
    const cursor = memoryCursor(1);
    const { log, handlers } = recording(['team']);
    const sync = createDeltaSync({ fetchChanges, cursor, handlers });

    const first = sync.pull();
    const second = sync.pull();
    const third = sync.pull();
    expect(second).toBe(third);
    expect(sync.isPulling()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releases).toHaveLength(1);
    releases.shift()!();
    expect(await first).toMatchObject({ cursor: 2 });
    // The further pull starts only now, from the cursor the first one stored.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releases).toHaveLength(1);
    releases.shift()!();
    expect(await second).toMatchObject({ cursor: 3 });
    expect(log).toEqual(['apply team 1', 'apply team 2']);
    expect(maxInFlight).toBe(1);
    expect(sync.isPulling()).toBe(false);
  });

  test('the further pull runs even when the one it waited for failed', async () => {
    let calls = 0;
    const fetchChanges = async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return page(5);
    };
    const sync = createDeltaSync({ fetchChanges, cursor: memoryCursor(1), handlers: {} });
    const first = sync.pull();
    const second = sync.pull();
    await expect(first).rejects.toThrow('offline');
    expect(await second).toMatchObject({ cursor: 5 });
    expect(calls).toBe(2);
  });
});
