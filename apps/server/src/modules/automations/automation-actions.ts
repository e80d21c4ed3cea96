import { randomUUID } from 'node:crypto';
import { ATTRIBUTE_TYPE_TRAITS } from '@strata/domain/attributes/attribute-types';
import { dayNumberToIso, todayNumber } from '@strata/domain/attributes/date-values';
import { compileFormula } from '@strata/domain/attributes/formula/formula-compile';
import { createFormulaEnvironment, evaluate } from '@strata/domain/attributes/formula/formula-evaluate';
import { isFormulaError } from '@strata/domain/attributes/formula/formula-values';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { Action, ValueSource } from '@strata/domain/automations/recipe';
import type { Occurrence } from '@strata/domain/automations/trigger-match';
import { isValidEmail } from '@strata/domain/emails';
import { AppError } from '@strata/domain/errors';
import type { ItemRow } from '../../db/schema/items';
import { queueMail } from '../../mail/mail';
import { putComment } from '../comments/comments.service';
import { queueHookCall } from '../hooks/hook-calls';
import { findHook } from '../hooks/hooks.repo';
import { findItemAnyState } from '../items/items.repo';
import { putItem, removeItem } from '../items/items.service';
import { toItem } from '../items/items.shapes';
import type { WriteScope } from '../records/write-scope';

/** What a run acts on: the board, the triggering item (none for a schedule) and what happened. */
export interface RunSubject {
  boardId: string;
  itemId: string | null;
  occurrence: Occurrence;
  /** Who made the triggering change (null: the scheduler, or a visitor). */
  actorId: number | null;
  attributes: readonly AttributeDefinition[];
  automationName: string;
  timeZone: string;
}

/** People to tell after the run's changes committed (a notify action). */
export interface Notice {
  userIds: number[];
  message: string;
  email: boolean;
  itemId: string | null;
}

/** What one action did, for the run's log, and whom it tells. */
export interface ActionOutcome {
  action: Action['kind'];
  detail?: string;
  notice?: Notice;
}

/**
 * Performs one action of a run in the run's transaction, through the same service functions a
 * person's request goes through (permissions, validation, events, activity): the item is read
 * afresh, so each action sees what the ones before it did.
 */
export async function performAction(
  scope: WriteScope,
  action: Action,
  subject: RunSubject,
): Promise<ActionOutcome> {
  const teamId = scope.access.team.id;
  const current = async () => {
    if (!subject.itemId)
      throw new AppError('NOT_FOUND', { message: 'The automation has no item to act on.' });
    const item = await findItemAnyState(scope.tx, teamId, subject.itemId);
    if (!item || item.deletedAt) throw new AppError('NOT_FOUND', { message: 'The item is gone.' });
    return item;
  };
  const setValues = async (item: ItemRow, values: Record<string, unknown>) =>
    putItem(scope, item.id, { values: valuesBody(values), row_version: item.rowVersion + 1 });
  if (isValueAction(action)) {
    const item = await current();
    await setValues(item, valueWrites(action, subject, item, scope.now));
    return { action: action.kind, detail: attributeName(subject, action.attribute_id) };
  }
  switch (action.kind) {
    case 'move_to_folder': {
      const item = await current();
      await putItem(scope, item.id, { folder_id: action.folder_id!, row_version: item.rowVersion + 1 });
      return { action: action.kind };
    }
    case 'create_item': {
      const parent = action.as_subitem ? await current() : undefined;
      const values: Record<string, unknown> = {};
      for (const { attribute_id: id, value } of action.values) {
        const data = sourceData(value, subject, parent, scope.now);
        if (data !== null) values[id] = { data };
      }
      const created = await putItem(scope, randomUUID(), {
        folder_id: parent ? parent.folderId : action.folder_id!,
        parent_id: parent ? parent.id : null,
        values: values as Record<string, { data: unknown }>,
        row_version: 1,
      });
      return { action: action.kind, detail: created.id };
    }
    case 'duplicate_item': {
      const item = await current();
      const values: Record<string, { data: unknown }> = {};
      for (const attribute of subject.attributes) {
        const value = item.values[attribute.id];
        if (ATTRIBUTE_TYPE_TRAITS[attribute.type].source === 'value' && value && value.data != null)
          values[attribute.id] = { data: value.data };
      }
      const copy = await putItem(scope, randomUUID(), {
        folder_id: action.folder_id ?? item.folderId,
        parent_id: action.folder_id && action.folder_id !== item.folderId ? null : item.parentId,
        values,
        row_version: 1,
      });
      return { action: action.kind, detail: copy.id };
    }
    case 'delete_item': {
      const item = await current();
      await removeItem(scope, item.id);
      return { action: action.kind };
    }
    case 'add_comment': {
      const item = await current();
      const mentions = action.mention_user_ids
        .map((id) => ` <span data-type="mention" data-id="${id}"></span>`)
        .join('');
      await putComment(scope, randomUUID(), {
        text: { html: `<p>${escapeHtml(fill(action.text, subject, item))}${mentions}</p>` },
        board_id: item.boardId,
        item_id: item.id,
        row_version: 1,
      });
      return { action: action.kind };
    }
    case 'notify': {
      const item = subject.itemId ? await current() : undefined;
      return noticeOf(action, subject, item);
    }
    case 'call_webhook': {
      const item = await current();
      const hook = await findHook(scope.tx, teamId, action.hook_id ?? '');
      if (!hook || hook.deletedAt || hook.boardId !== subject.boardId)
        throw new AppError('NOT_FOUND', { message: 'The webhook is gone.' });
      await queueHookCall(scope, hook, item, subject.automationName);
      return { action: action.kind, detail: hook.url };
    }
    case 'send_email': {
      const item = subject.itemId ? await current() : undefined;
      const to = fill(action.to, subject, item).trim();
      if (!isValidEmail(to)) throw new AppError('INVALID_EMAIL');
      const address = to;
      const text = fill(action.body, subject, item);
      await queueMail(scope.ctx.jobs, scope.tx, {
        to: address,
        subject: fill(action.subject, subject, item).slice(0, 200),
        text,
        html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      });
      return { action: action.kind, detail: address };
    }
  }
}

/** The actions that change only the values of the run's item: a batch writes them together. */
export type ValueAction = Extract<
  Action,
  { kind: 'set_value' | 'add_member' | 'remove_member' | 'add_label' | 'remove_label' }
>;

const VALUE_ACTION_KINDS: ReadonlySet<Action['kind']> = new Set([
  'set_value',
  'add_member',
  'remove_member',
  'add_label',
  'remove_label',
]);

export const isValueAction = (action: Action): action is ValueAction => VALUE_ACTION_KINDS.has(action.kind);

/** The values (attribute id to data, null clears) a value action writes on `item`. */
export function valueWrites(
  action: ValueAction,
  subject: RunSubject,
  item: ItemRow,
  now: Date,
): Record<string, unknown> {
  const attributeId = action.attribute_id!;
  switch (action.kind) {
    case 'set_value':
      return { [attributeId]: sourceData(action.value!, subject, item, now) };
    case 'add_member':
    case 'remove_member': {
      const people = [
        ...action.user_ids,
        ...(action.actor && subject.actorId !== null ? [subject.actorId] : []),
      ];
      const held = idsOf<number>(item.values[attributeId]?.data);
      const next =
        action.kind === 'add_member'
          ? [...held, ...people.filter((id) => !held.includes(id))]
          : held.filter((id) => !people.includes(id));
      return { [attributeId]: next.length === 0 ? null : next };
    }
    case 'add_label':
    case 'remove_label': {
      const held = idsOf<string>(item.values[attributeId]?.data);
      const multiple = Boolean(
        (subject.attributes.find((one) => one.id === attributeId)?.settings as { multiple?: boolean })
          ?.multiple,
      );
      const label = action.label_id!;
      const next =
        action.kind === 'add_label'
          ? multiple
            ? [...held.filter((id) => id !== label), label]
            : [label]
          : held.filter((id) => id !== label);
      return { [attributeId]: next.length === 0 ? null : next };
    }
  }
}

/** Values as a save's body takes them: `{ data }` each, null to clear. */
export const valuesBody = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([id, data]) => [id, data === null ? null : { data }]));

/** A notify action's outcome: whom it tells (named, the actor, the people in members values) and what. */
export function noticeOf(
  action: Extract<Action, { kind: 'notify' }>,
  subject: RunSubject,
  item: ItemRow | undefined,
): ActionOutcome {
  const userIds = new Set(action.to.user_ids);
  if (action.to.actor && subject.actorId !== null) userIds.add(subject.actorId);
  for (const id of action.to.attribute_ids)
    for (const userId of idsOf<number>(item?.values[id]?.data)) userIds.add(userId);
  return {
    action: action.kind,
    detail: String(userIds.size),
    notice: {
      userIds: [...userIds],
      message: fill(action.message, subject, item),
      email: action.email,
      itemId: item?.id ?? null,
    },
  };
}

/** The data a set-value (or a created item's value) writes. */
function sourceData(source: ValueSource, subject: RunSubject, item: ItemRow | undefined, now: Date): unknown {
  switch (source.kind) {
    case 'fixed':
      return source.data ?? null;
    case 'clear':
      return null;
    case 'today':
      return dayNumberToIso(todayNumber(now.getTime(), subject.timeZone) + source.offset_days);
    case 'trigger_value':
      return subject.occurrence.kind === 'value_changed' ? subject.occurrence.after : null;
    case 'formula': {
      const compiled = compileFormula(source.expression, subject.attributes);
      const environment = createFormulaEnvironment({
        attributes: subject.attributes,
        context: { now: now.getTime(), timeZone: subject.timeZone },
      });
      const result = item ? evaluate(compiled, toItem(item), environment) : null;
      if (isFormulaError(result)) throw new AppError('VALIDATION_FAILED', { message: result.message });
      return result;
    }
  }
}

function idsOf<T extends string | number>(data: unknown): T[] {
  return Array.isArray(data)
    ? (data.filter((id) => typeof id === 'string' || typeof id === 'number') as T[])
    : [];
}

export const attributeName = (subject: RunSubject, id: string | null) =>
  subject.attributes.find((one) => one.id === id)?.name;

/** A text's placeholders filled: {item} the item's name, {board}, {automation}. */
function fill(text: string, subject: RunSubject, item: ItemRow | undefined): string {
  const name =
    item &&
    subject.attributes
      .filter((one) => one.type === 'text' && (one.settings as { primary?: boolean } | undefined)?.primary)
      .map((one) => item.values[one.id]?.data)
      .find((data) => typeof data === 'string');
  return text
    .replaceAll('{item}', typeof name === 'string' ? name : '')
    .replaceAll('{automation}', subject.automationName);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
