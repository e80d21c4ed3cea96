import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordTransport, SaveOperation } from '@strata/sync/records/record-types';
import { api } from '../api';

/**
 * Names this tab's instance of the app on generic saves (X-SW-UUID), so that the server can tell
 * which client a change came from when it announces it.
 */
export const CLIENT_INSTANCE_ID = crypto.randomUUID();
const instanceHeaders = { 'x-sw-uuid': CLIENT_INSTANCE_ID };

export interface HttpTransportOptions<T extends SyncedRecord> {
  /** Where a record is saved (PUT) and deleted (DELETE). */
  recordPath(record: T): string;
  /** What a save sends; the whole record by default. */
  body?(record: T): unknown;
  /** `POST /api/{teamId}/save-multiple` for collections that take batches. */
  saveMultiplePath?: string;
  /** Saves and deletes that get no answer wait in the offline queue (docs/offline.md). */
  queue?: boolean;
}

/** A record store's way to the server over the app's HTTP client (headers, tokens, errors). */
export function createHttpTransport<T extends SyncedRecord>(
  options: HttpTransportOptions<T>,
): RecordTransport<T> {
  const body = options.body ?? ((record: T) => record);
  const sendOptions = { headers: instanceHeaders, queue: options.queue };
  return {
    index: (path) => api.get<T[]>(path),
    async indexWithCursor(path) {
      let cursor: number | undefined;
      let complete = false;
      const rows = await api.get<T[]>(path, {
        onHeaders(headers) {
          const seq = Number(headers.get('x-change-seq') ?? Number.NaN);
          cursor = Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
          complete = headers.get('x-complete-list') === 'true';
        },
      });
      return { rows, cursor, complete };
    },
    put: (record) => api.put<T>(options.recordPath(record), body(record), sendOptions),
    delete: async (record) => {
      await api.delete(options.recordPath(record), sendOptions);
    },
    saveMultiple(operations: SaveOperation<T>[]) {
      if (!options.saveMultiplePath)
        return Promise.reject(new Error('This collection does not take batches'));
      const batch = operations.map((operation) => ({
        method: operation.method,
        record: body(operation.record),
      }));
      return api.post<T[]>(options.saveMultiplePath, batch, sendOptions);
    },
  };
}
