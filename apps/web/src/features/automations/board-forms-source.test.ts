import type { FolderView } from '@strata/contracts/views';
import { describe, expect, test } from 'vitest';
import { boardFormsSource } from './board-forms-source';

const view = (id: string, folderId: string, type: FolderView['type'], deleted = false) =>
  ({ id, folder_id: folderId, type, name: id, deleted }) as FolderView;

/** A folder's views store as the source reads it: its views, told to listeners, read once. */
function fakeStore(views: FolderView[], isInitialized = true) {
  const listeners = new Set<() => void>();
  let snapshot: readonly FolderView[] = views;
  let initialized = isInitialized;
  let finish: () => void = () => undefined;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    isInitialized: () => initialized,
    initialize: () =>
      new Promise<void>((resolve) => {
        finish = () => {
          initialized = true;
          resolve();
        };
      }),
    /** The server's list arrives. */
    arrive(next: FolderView[]) {
      snapshot = next;
      finish();
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe("the board's forms", () => {
  test.each([
    ['no folder', [], [], true],
    [
      'form views of every folder, other views and deleted forms left out',
      [
        [view('t', 'plan', 'table'), view('f1', 'plan', 'form')],
        [view('f2', 'archive', 'form'), view('f3', 'archive', 'form', true)],
      ],
      ['f1', 'f2'],
      true,
    ],
  ] as const)('%s', (_, folders, ids, isLoaded) => {
    const source = boardFormsSource(folders.map((views) => fakeStore([...views])));
    const answer = source.getSnapshot();
    expect(answer.forms.map((form) => form.id)).toEqual(ids);
    expect(answer.isLoaded).toBe(isLoaded);
  });

  test('the answer is the same object until a folder changes, and loaded once every folder is read', async () => {
    const plan = fakeStore([view('f1', 'plan', 'form')]);
    const archive = fakeStore([], false);
    const source = boardFormsSource([plan, archive]);
    let told = 0;
    const off = source.subscribe(() => {
      told += 1;
    });
    const first = source.getSnapshot();
    expect(first.isLoaded).toBe(false);
    expect(source.getSnapshot()).toBe(first);

    source.load();
    archive.arrive([view('f2', 'archive', 'form')]);
    await Promise.resolve();
    const second = source.getSnapshot();
    expect(told).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect(second).toEqual({
      forms: [view('f1', 'plan', 'form'), view('f2', 'archive', 'form')],
      isLoaded: true,
    });

    off();
    expect(plan.listeners.size + archive.listeners.size).toBe(0);
  });
});
