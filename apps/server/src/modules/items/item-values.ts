import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { valueWriteSchema } from '@strata/contracts/items';
import { isUserEditable } from '@strata/domain/attributes/attribute-types';
import { validateValueWrite } from '@strata/domain/attributes/type-registry';
import { type ValueError, valueError } from '@strata/domain/attributes/value-errors';
import { AppError } from '@strata/domain/errors';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AttributeRow, StoredValues } from '../../db/schema/items';
import { sanitiseHtml } from '../../lib/html-sanitise';
import {
  type AttachmentLookup,
  findWrittenAttachments,
  resolveAttachments,
} from '../attachments/attachment-values';
import { findMemberIds } from '../boards/boards.repo';
import { toDefinition } from './items.shapes';

export type ValueWrite = z.infer<typeof valueWriteSchema>;

/** A value a write changed: what the value events announce. */
export interface ChangedValue {
  attributeId: string;
  valueId: string;
  data: unknown;
  created: boolean;
  /** The data before the write (null: none), for the activity log. */
  before?: unknown;
}

/** Errors of the domain's value rules as a 422, each at `values.{attribute id}[.path inside]`. */
export function valueErrors(errors: readonly (ValueError & { attributeId: string })[]): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: errors[0]!.message,
    errors: errors.map((error) => ({
      path: `values.${error.attributeId}${error.path ? `.${error.path}` : ''}`,
      message: error.message,
      code: error.code,
      params: error.params,
    })),
  });
}

/** User ids that members values of a write name, to check once that they are in the workspace. */
function memberIdsOf(
  byId: ReadonlyMap<string, AttributeRow>,
  writes: Readonly<Record<string, ValueWrite>>,
): number[] {
  const ids = new Set<number>();
  for (const [attributeId, write] of Object.entries(writes)) {
    if (byId.get(attributeId)?.type !== 'members') continue;
    const data = write?.data;
    for (const id of Array.isArray(data) ? data : [data])
      if (typeof id === 'number' && Number.isSafeInteger(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * A members check for the domain's value rules: which of the users a write names are members of
 * the workspace (one query for the whole write).
 */
export async function memberCheck(
  tx: DbOrTx,
  teamId: number,
  userIds: readonly number[],
): Promise<(userId: number) => boolean> {
  const members = await findMemberIds(tx, teamId, userIds);
  return (userId) => members.has(userId);
}

/**
 * Applies a save's values to an item's stored values: only the attributes sent change (null, or
 * null data, clears one); on creation, attributes with default data that were not sent get it.
 * Every value goes through the domain's `validateValueWrite` (unknown attributes and values the
 * server keeps are refused; 422 lists every problem), long text is sanitised. Answers the new
 * values and the values that changed; values of deleted attributes are kept as they are.
 */
export async function applyValueWrites(options: {
  /** Which of these users are members of the workspace (memberCheck, or a batch's shared lookup). */
  members(userIds: readonly number[]): Promise<(userId: number) => boolean>;
  /** The workspace's attachments among some ids (attachmentLookup, or a batch's shared one). */
  attachments: AttachmentLookup;
  /** The board's live attributes. */
  attributes: readonly AttributeRow[];
  stored: StoredValues;
  writes: Readonly<Record<string, ValueWrite>>;
  isNew: boolean;
}): Promise<{ values: StoredValues; changes: ChangedValue[] }> {
  const byId = new Map(options.attributes.map((attribute) => [attribute.id, attribute]));
  const writes: Record<string, ValueWrite> = {};
  if (options.isNew) {
    for (const attribute of options.attributes) {
      const data = attribute.defaultData;
      if (data !== null && data !== undefined && isUserEditable(toDefinition(attribute).type))
        writes[attribute.id] = { data };
    }
  }
  Object.assign(writes, options.writes);
  const memberIds = memberIdsOf(byId, writes);
  const isMember = memberIds.length > 0 ? await options.members(memberIds) : () => false;
  const files = await findWrittenAttachments(options.attachments, byId, writes);

  const errors: (ValueError & { attributeId: string })[] = [];
  const next: Record<string, unknown> = {};
  for (const [attributeId, write] of Object.entries(writes)) {
    const attribute = byId.get(attributeId);
    if (!attribute) {
      errors.push({ ...valueError('UNKNOWN_ATTRIBUTE', { id: attributeId }), attributeId });
      continue;
    }
    if (write?.attribute_id !== undefined && write.attribute_id !== attributeId) {
      errors.push({ ...valueError('INVALID_ID', { id: write.attribute_id }, 'attribute_id'), attributeId });
      continue;
    }
    const checked = validateValueWrite(toDefinition(attribute), write?.data ?? null, { isMember });
    if (!checked.ok) {
      errors.push(...checked.errors.map((error) => ({ ...error, attributeId })));
      continue;
    }
    let data = checked.data;
    if (attribute.type === 'longtext' && typeof data === 'string') data = sanitiseHtml(data) || null;
    if (attribute.type === 'attachments') {
      const resolved = resolveAttachments(attribute, data, files);
      errors.push(...resolved.errors.map((error) => ({ ...error, attributeId })));
      data = resolved.data;
    }
    next[attributeId] = data;
  }
  if (errors.length > 0) throw valueErrors(errors);

  const values: StoredValues = { ...options.stored };
  const changes: ChangedValue[] = [];
  for (const [attributeId, data] of Object.entries(next)) {
    const before = values[attributeId];
    if (data === null || data === undefined) {
      if (!before) continue;
      delete values[attributeId];
      changes.push({ attributeId, valueId: before.id, data: null, created: false, before: before.data });
      continue;
    }
    if (before && isDeepStrictEqual(before.data, data)) continue;
    const valueId = before?.id ?? writes[attributeId]?.id ?? randomUUID();
    values[attributeId] = { id: valueId, attribute_id: attributeId, data };
    changes.push({ attributeId, valueId, data, created: !before, before: before?.data ?? null });
  }
  return { values, changes };
}
