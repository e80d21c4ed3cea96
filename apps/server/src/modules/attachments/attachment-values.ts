import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import { type ValueError, valueError } from '@strata/domain/attributes/value-errors';
import type { DbOrTx } from '../../db/client';
import type { AttachmentRow } from '../../db/schema/attachments';
import type { AttributeRow } from '../../db/schema/items';
import { findAttachments } from './attachments.repo';
import { attachmentUrl } from './attachments.service';

/** The workspace's attachments among some ids, by id (one query for a whole write). */
export type AttachmentLookup = (ids: readonly string[]) => Promise<ReadonlyMap<string, AttachmentRow>>;

export function attachmentLookup(tx: DbOrTx, teamId: number): AttachmentLookup {
  return async (ids) => new Map((await findAttachments(tx, teamId, ids)).map((row) => [row.id, row]));
}

/** Ids that the attachments values of a write name, looked up once for the whole write. */
export async function findWrittenAttachments(
  lookup: AttachmentLookup,
  byId: ReadonlyMap<string, AttributeRow>,
  writes: Readonly<Record<string, { data?: unknown } | null | undefined>>,
): Promise<ReadonlyMap<string, AttachmentRow>> {
  const ids = new Set<string>();
  for (const [attributeId, write] of Object.entries(writes)) {
    if (byId.get(attributeId)?.type !== 'attachments' || !Array.isArray(write?.data)) continue;
    for (const entry of write.data as unknown[]) {
      const id = (entry as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.add(id);
    }
  }
  return ids.size === 0 ? new Map() : lookup([...ids]);
}

/**
 * An attachments value as stored: every id must be an upload of this workspace, for this board
 * or for no board (so a file's name never travels from a board the reader may not see); the
 * entries carry the server's `{ id, name, mime_type, size, url }`, whatever the client sent.
 */
export function resolveAttachments(
  attribute: AttributeRow,
  data: unknown,
  found: ReadonlyMap<string, AttachmentRow>,
): { data: AttachmentEntry[] | null; errors: ValueError[] } {
  if (!Array.isArray(data)) return { data: null, errors: [] };
  const errors: ValueError[] = [];
  const entries = (data as AttachmentEntry[]).map((entry, at) => {
    const row = found.get(entry.id);
    if (!row || (row.boardId !== null && row.boardId !== attribute.boardId))
      errors.push(valueError('UNKNOWN_ATTACHMENT', { id: entry.id }, `${at}.id`));
    return row
      ? { id: row.id, name: row.name, mime_type: row.mimeType, size: row.size, url: attachmentUrl(row) }
      : entry;
  });
  return { data: entries.length === 0 ? null : entries, errors };
}
