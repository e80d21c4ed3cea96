import type { ActivityAttribute, ActivityEntry } from '@strata/contracts/activity';
import { valueToDisplayText } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { TFunction } from 'i18next';

/** What an entry's sentence names, looked up: the page's attributes and names, the workspace's members. */
export interface ActivityLookups {
  attributes: ReadonlyMap<string, ActivityAttribute>;
  itemNames: Readonly<Record<string, string>>;
  folderNames: Readonly<Record<string, string>>;
  /** Locale, time zone and member names, for values shown as plain text. */
  context: ValueContext;
}

/** A value longer than this is cut in a sentence: the log tells what changed, the item holds it all. */
const SHOWN_MAX = 80;

const clipText = (text: string) => (text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text);

type Changes = Record<string, unknown>;
interface FieldChange {
  before: unknown;
  after: unknown;
}

const isFieldChange = (value: unknown): value is FieldChange =>
  typeof value === 'object' && value !== null && 'before' in value && 'after' in value;

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** A record's name as its entry kept it: `name`, or the name after a rename. */
const keptName = (changes: Changes) =>
  asString(isFieldChange(changes.name) ? changes.name.after : changes.name);

/** An item's name as the entry's page knows it. */
export function itemName(id: string | null | undefined, lookups: ActivityLookups, t: TFunction): string {
  return (id && lookups.itemNames[id]) || t('activity.untitledItem');
}

function folderName(id: unknown, lookups: ActivityLookups, t: TFunction): string {
  return (typeof id === 'string' && lookups.folderNames[id]) || t('activity.unknownFolder');
}

/**
 * A value as the reader sees it, by its attribute's type: labels and members by name, dates in
 * the reader's language and zone.
 */
export function valueText(
  attribute: ActivityAttribute | undefined,
  data: unknown,
  lookups: ActivityLookups,
  t: TFunction,
): string {
  if (data === null || data === undefined) return t('activity.emptyValue');
  let text: string;
  if (attribute) {
    try {
      text = valueToDisplayText(attribute, data, lookups.context);
    } catch {
      text = '';
    }
  } else text = typeof data === 'string' ? data : JSON.stringify(data);
  text = text.replace(/\s+/g, ' ').trim();
  return text === '' ? t('activity.emptyValue') : clipText(text);
}

function valueSentence(entry: ActivityEntry, user: string, lookups: ActivityLookups, t: TFunction): string {
  const changes = entry.changes as Changes;
  const attribute = lookups.attributes.get(asString(changes.attribute_id));
  const name = attribute?.name ?? t('activity.unknownAttribute');
  const { before, after } = changes;
  if (attribute?.type === 'checkbox' && after !== null && after !== undefined)
    return t(after === true ? 'activity.events.valueChecked' : 'activity.events.valueUnchecked', {
      user,
      attribute: name,
    });
  const shown = (data: unknown) => valueText(attribute, data, lookups, t);
  if (after === null || after === undefined)
    return t('activity.events.valueCleared', { user, attribute: name, before: shown(before) });
  if (before === null || before === undefined)
    return t('activity.events.valueSet', { user, attribute: name, after: shown(after) });
  return t('activity.events.valueChanged', {
    user,
    attribute: name,
    before: shown(before),
    after: shown(after),
  });
}

function itemSentences(entry: ActivityEntry, user: string, lookups: ActivityLookups, t: TFunction): string[] {
  const changes = entry.changes as Changes;
  const item = itemName(entry.record.item_id ?? entry.record.id, lookups, t);
  const form = formOf(changes.form);
  if (entry.event === 'item.created' && form)
    return [
      entry.user
        ? t('activity.events.itemSubmitted', { user, item, form })
        : t('activity.events.itemSubmittedAnonymously', { item, form }),
    ];
  if (entry.event === 'item.created')
    return [
      typeof changes.parent_id === 'string'
        ? t('activity.events.subitemCreated', { user, item, parent: itemName(changes.parent_id, lookups, t) })
        : t('activity.events.itemCreated', { user, item, folder: folderName(changes.folder_id, lookups, t) }),
    ];
  if (entry.event === 'item.deleted') return [t('activity.events.itemDeleted', { user, item })];
  const out: string[] = [];
  if (isFieldChange(changes.folder_id))
    out.push(
      t('activity.events.itemMoved', {
        user,
        item,
        from: folderName(changes.folder_id.before, lookups, t),
        to: folderName(changes.folder_id.after, lookups, t),
      }),
    );
  if (isFieldChange(changes.parent_id))
    out.push(
      typeof changes.parent_id.after === 'string'
        ? t('activity.events.itemNested', {
            user,
            item,
            parent: itemName(changes.parent_id.after, lookups, t),
          })
        : t('activity.events.itemUnnested', { user, item }),
    );
  return out;
}

/** The form an item came in through (its creation's `form`), by name. */
function formOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name } = value as { name?: unknown };
  return typeof name === 'string' ? name : null;
}

/** An update's "renamed A to B" sentence when it renamed the record, else none. */
function renameSentence(changes: Changes, key: string, user: string, t: TFunction): string[] {
  if (!isFieldChange(changes.name)) return [];
  return [t(key, { user, before: asString(changes.name.before), after: asString(changes.name.after) })];
}

function attributeSentences(
  entry: ActivityEntry,
  user: string,
  lookups: ActivityLookups,
  t: TFunction,
): string[] {
  const changes = entry.changes as Changes;
  const attribute =
    lookups.attributes.get(entry.record.id)?.name ?? (keptName(changes) || t('activity.unknownAttribute'));
  if (entry.event === 'attribute.created')
    return [t('activity.events.attributeCreated', { user, attribute })];
  if (entry.event === 'attribute.deleted')
    return [t('activity.events.attributeDeleted', { user, attribute })];
  const out = renameSentence(changes, 'activity.events.attributeRenamed', user, t);
  if (Array.isArray(changes.changed) || out.length === 0)
    out.push(t('activity.events.attributeChanged', { user, attribute }));
  return out;
}

function folderSentences(
  entry: ActivityEntry,
  user: string,
  lookups: ActivityLookups,
  t: TFunction,
): string[] {
  const changes = entry.changes as Changes;
  const folder = lookups.folderNames[entry.record.id] ?? (keptName(changes) || t('activity.unknownFolder'));
  if (entry.event === 'folder.created')
    return [
      typeof changes.parent_id === 'string'
        ? t('activity.events.folderCreatedIn', {
            user,
            folder,
            parent: folderName(changes.parent_id, lookups, t),
          })
        : t('activity.events.folderCreated', { user, folder }),
    ];
  if (entry.event === 'folder.deleted') return [t('activity.events.folderDeleted', { user, folder })];
  const out = renameSentence(changes, 'activity.events.folderRenamed', user, t);
  if (isFieldChange(changes.parent_id))
    out.push(
      typeof changes.parent_id.after === 'string'
        ? t('activity.events.folderMovedInto', {
            user,
            folder,
            parent: folderName(changes.parent_id.after, lookups, t),
          })
        : t('activity.events.folderMovedToTop', { user, folder }),
    );
  if (isFieldChange(changes.color) || Array.isArray(changes.changed) || out.length === 0)
    out.push(t('activity.events.folderChanged', { user, folder }));
  return out;
}

function boardSentences(
  entry: ActivityEntry,
  user: string,
  lookups: ActivityLookups,
  t: TFunction,
): string[] {
  const changes = entry.changes as Changes;
  const board = asString(changes.name);
  if (entry.event === 'board.created') return [t('activity.events.boardCreated', { user, board })];
  if (entry.event === 'board.deleted') return [t('activity.events.boardDeleted', { user, board })];
  const out = renameSentence(changes, 'activity.events.boardRenamed', user, t);
  if (isFieldChange(changes.description)) out.push(t('activity.events.boardDescribed', { user }));
  if (isFieldChange(changes.color)) out.push(t('activity.events.boardRecolored', { user }));
  if (isFieldChange(changes.is_private))
    out.push(
      t(changes.is_private.after ? 'activity.events.boardMadePrivate' : 'activity.events.boardMadeShared', {
        user,
      }),
    );
  const members = changes.user_ids as { added?: unknown; removed?: unknown } | undefined;
  const names = (ids: unknown) => {
    const list = (Array.isArray(ids) ? ids : []).map((id) =>
      typeof id === 'number' ? (lookups.context.memberName?.(id) ?? String(id)) : String(id),
    );
    return new Intl.ListFormat(lookups.context.locale, { type: 'conjunction' }).format(list);
  };
  if (Array.isArray(members?.added) && members.added.length > 0)
    out.push(t('activity.events.boardMembersAdded', { user, names: names(members.added) }));
  if (Array.isArray(members?.removed) && members.removed.length > 0)
    out.push(t('activity.events.boardMembersRemoved', { user, names: names(members.removed) }));
  if (out.length === 0) out.push(t('activity.events.boardChanged', { user }));
  return out;
}

/**
 * The sentences that tell an entry ("Ana changed Status from To do to Done"), values as plain
 * text. An update that changed several things (a folder renamed and moved) tells each.
 */
export function describeEntry(entry: ActivityEntry, lookups: ActivityLookups, t: TFunction): string[] {
  // A public board's visitor writes in the sharer's name; the log names no one but says so.
  const changes = entry.changes as { visitor?: unknown; automation?: { name?: unknown } } | null;
  const byVisitor = changes?.visitor === true;
  const actor = entry.user?.name ?? (byVisitor ? t('activity.visitor') : t('activity.someone'));
  // An automation's change is Autobot's, through the automation (docs/automations.md).
  const automation = changes?.automation?.name;
  const user =
    typeof automation === 'string' ? t('activity.viaAutomation', { user: actor, automation }) : actor;
  switch (entry.record.type) {
    case 'value':
      return [valueSentence(entry, user, lookups, t)];
    case 'item':
      return itemSentences(entry, user, lookups, t);
    case 'attribute':
      return attributeSentences(entry, user, lookups, t);
    case 'folder':
      return folderSentences(entry, user, lookups, t);
    case 'board':
      return boardSentences(entry, user, lookups, t);
    default:
      return [t('activity.events.other', { user, event: entry.event })];
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function dayKey(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day before a YYYY-MM-DD day. */
function previousDay(key: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

export interface ActivityDay {
  key: string;
  label: string;
  entries: ActivityEntry[];
}

/**
 * Entries (newest first) grouped by their day in the reader's time zone, labelled Today,
 * Yesterday or the full date in the reader's language.
 */
export function groupByDay(
  entries: readonly ActivityEntry[],
  options: { locale: string; timeZone: string; now: Date; t: TFunction },
): ActivityDay[] {
  const { locale, timeZone, t } = options;
  const today = dayKey(options.now, timeZone);
  const yesterday = previousDay(today);
  const long = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone });
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const at = new Date(entry.created_at);
    const key = dayKey(at, timeZone);
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      const label =
        key === today ? t('activity.today') : key === yesterday ? t('activity.yesterday') : long.format(at);
      day = { key, label, entries: [] };
      days.push(day);
    }
    day.entries.push(entry);
  }
  return days;
}
