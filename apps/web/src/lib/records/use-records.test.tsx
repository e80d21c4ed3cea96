// @vitest-environment jsdom
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { showAtOnce, useRecords } from './use-records';

/** The two methods useRecords reads of a record store, over a list a test replaces. */
function listStore() {
  let records: readonly SyncedRecord[] = [];
  const listeners = new Set<() => void>();
  return {
    store: {
      getSnapshot: () => records,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as RecordStore<SyncedRecord>,
    write(count: number) {
      records = Array.from({ length: count }, (_, n) => ({ id: `r${n}`, row_version: 1 }) as SyncedRecord);
      for (const listener of listeners) listener();
    },
  };
}

function Count({ store }: { store: RecordStore<SyncedRecord> }) {
  return <p>{useRecords(store).length}</p>;
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let container: HTMLElement;
let root: Root;
let list: ReturnType<typeof listStore>;

beforeEach(async () => {
  list = listStore();
  container = document.createElement('div');
  root = createRoot(container);
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root.render(<Count store={list.store} />));
  // From here React schedules as in the browser: a transition is not part of a synchronous flush.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root.unmount();
});

describe('how a store change renders (useRecords)', () => {
  test('a change renders as a transition: a synchronous flush does not draw it, the next slice does', async () => {
    expect(container.textContent).toBe('0');
    flushSync(() => list.write(3));
    expect(container.textContent).toBe('0');
    await vi.waitFor(() => expect(container.textContent).toBe('3'));
  });

  test('a write through showAtOnce (a dropped card) is drawn in the same flush', () => {
    flushSync(() => showAtOnce(() => list.write(2)));
    expect(container.textContent).toBe('2');
  });
});
