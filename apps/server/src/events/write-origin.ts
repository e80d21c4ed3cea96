import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who a write is made by when it is not the person whose rights it uses: an automation's run
 * writes as Autobot (`actorId`) with its creator's rights (docs/automations.md). The write's
 * events and activity rows take the origin's actor, its activity rows name the automation ("by
 * Autobot via ..."), and its events carry the chain's depth, so the automations they trigger in
 * turn know how deep the chain is (loop guard). Set around the write (`writeAs`), read where the
 * events and activity rows are made (outbox.ts, activity-rows.ts): every write path is covered
 * without each passing it along.
 */
export interface WriteOrigin {
  actorId: number;
  automation: { id: string; name: string };
  /** Depth of the chain this write belongs to: 1 for a run triggered by a person's change. */
  depth: number;
}

/** Where an event row carries its origin; the dispatcher takes it out before subscribers see the payload. */
export const ORIGIN_KEY = 'origin';

/** The origin as an event row keeps it. */
export interface EventOrigin {
  automation_id: string;
  depth: number;
}

const storage = new AsyncLocalStorage<WriteOrigin>();

/** Runs a write (and everything it awaits) as made by `origin`. */
export const writeAs = <T>(origin: WriteOrigin, write: () => Promise<T>): Promise<T> =>
  storage.run(origin, write);

/** The origin of the write being made, if it is not a person's own. */
export const currentOrigin = (): WriteOrigin | undefined => storage.getStore();
