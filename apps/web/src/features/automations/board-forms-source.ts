import type { FolderView } from '@strata/contracts/views';
import type { RecordStore } from '@strata/sync/records/record-types';

/** The board's forms, and whether every folder's views have come from the server. */
export interface BoardForms {
  forms: readonly FolderView[];
  isLoaded: boolean;
}

const NONE: BoardForms = { forms: [], isLoaded: true };

/**
 * The views of every folder read together: a form trigger names a form of any folder (or of
 * none), and a recipe is checked against all of the board's forms, as the server checks it. The
 * answer is kept while no folder's views change, so that it can be a memo's dependency.
 */
export function boardFormsSource(
  stores: readonly Pick<
    RecordStore<FolderView>,
    'subscribe' | 'getSnapshot' | 'isInitialized' | 'initialize'
  >[],
) {
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  let last: { snapshots: readonly (readonly FolderView[])[]; answer: BoardForms } | null = null;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      const offs = stores.map((store) => store.subscribe(listener));
      return () => {
        listeners.delete(listener);
        for (const off of offs) off();
      };
    },
    getSnapshot(): BoardForms {
      if (stores.length === 0) return NONE;
      const snapshots = stores.map((store) => store.getSnapshot());
      const isLoaded = stores.every((store) => store.isInitialized());
      if (
        last &&
        last.answer.isLoaded === isLoaded &&
        snapshots.every((snapshot, index) => snapshot === last?.snapshots[index])
      )
        return last.answer;
      const forms = snapshots.flat().filter((view) => view.type === 'form' && !view.deleted);
      last = { snapshots, answer: { forms, isLoaded } };
      return last.answer;
    },
    /** Stores not read yet are read (a failed read leaves the forms known so far). */
    load() {
      for (const store of stores) if (!store.isInitialized()) store.initialize().then(tell, tell);
    },
  };
}
