import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { type AttributeDefinition, valueToDisplayText } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type {
  Action,
  Recipe,
  Schedule,
  Trigger,
  ValueCondition,
  ValueSource,
} from '@strata/domain/automations/recipe';
import { firstDayOfWeek } from '@strata/domain/locale';
import type { TFunction } from 'i18next';
import { offsetText, timeOfDayText, timingOf, weekdaysOf } from './schedule-draft';

/**
 * What the sentence names things with: the board's attributes, folders, forms and webhooks, the
 * workspace's people.
 */
export interface RecipeNames {
  attribute(id: string): AttributeDefinition | undefined;
  folder(id: string): string | undefined;
  /** A form view's name. */
  form(id: string): string | undefined;
  /** A webhook's address (its url: a hook has no other name). */
  hook(id: string): string | undefined;
  member(id: number): string | undefined;
  context: ValueContext;
}

/** A piece of the sentence: plain words, or a blank (filled with a name, or still to fill). */
export type SentencePart =
  | { kind: 'text'; text: string }
  | { kind: 'blank'; text: string; path: string; isFilled: boolean };

const K = 'views.automations.sentence';
/** Marks a blank inside a translated text, to be cut out again: private-use characters. */
const OPEN = '\uE000';
const CLOSE = '\uE001';

interface Blank {
  text: string;
  path: string;
  isFilled: boolean;
}

class SentenceBuilder {
  readonly blanks: Blank[] = [];
  constructor(
    readonly t: TFunction,
    readonly names: RecipeNames,
  ) {}

  get locale(): string {
    return this.names.context.locale ?? 'en-US';
  }
  /** A filled part of the trigger that is not a name (a time, weekdays, an offset). */
  filled(path: string, text: string): string {
    return this.mark({ path, isFilled: true, text });
  }
  mark(blank: Blank): string {
    this.blanks.push(blank);
    return `${OPEN}${this.blanks.length - 1}${CLOSE}`;
  }
  /** A filled blank shows its name; an empty one its placeholder. */
  blank(path: string, value: string | null | undefined, placeholder: string): string {
    const isFilled = value !== null && value !== undefined;
    return this.mark({
      path,
      isFilled,
      text: isFilled ? value : this.t(`views.automations.blank.${placeholder}`),
    });
  }
  attribute(path: string, id: string | null, placeholder: string): string {
    const name = id === null ? null : (this.names.attribute(id)?.name ?? this.t(`${K}.missing`));
    return this.blank(path, name, placeholder);
  }
  folder(path: string, id: string | null, placeholder = 'folder'): string {
    const name = id === null ? null : (this.names.folder(id) ?? this.t(`${K}.missing`));
    return this.blank(path, name, placeholder);
  }
  label(path: string, attributeId: string | null, labelId: string | null): string {
    if (labelId === null) return this.blank(path, null, 'label');
    const attribute = attributeId === null ? undefined : this.names.attribute(attributeId);
    const labels = attribute?.type === 'label' ? readSettings('label', attribute.settings).labels : [];
    return this.blank(
      path,
      labels.find((label) => label.id === labelId)?.name ?? this.t(`${K}.missing`),
      'label',
    );
  }
  list(items: string[]): string {
    return new Intl.ListFormat(this.names.context.locale ?? 'en-US', { type: 'conjunction' }).format(items);
  }
  people(path: string, people: { attributeIds?: string[]; userIds: number[]; actor: boolean }): string {
    const names = [
      ...(people.attributeIds ?? []).map((id) => this.names.attribute(id)?.name ?? this.t(`${K}.missing`)),
      ...people.userIds.map((id) => this.names.member(id) ?? this.t(`${K}.someone`)),
      ...(people.actor ? [this.t(`${K}.actor`)] : []),
    ];
    return this.blank(path, names.length > 0 ? this.list(names) : null, 'people');
  }
}

function conditionText(b: SentenceBuilder, attributeId: string | null, condition: ValueCondition): string {
  const attribute = attributeId === null ? undefined : b.names.attribute(attributeId);
  const operator = b.t(`views.operators.${condition.operator}`);
  const { operand } = condition;
  if (operand === undefined || operand === null || operand === '') return operator;
  let shown: string;
  if (attribute?.type === 'label' && Array.isArray(operand)) {
    const labels = readSettings('label', attribute.settings).labels;
    shown = b.list(operand.map((id) => labels.find((label) => label.id === id)?.name ?? String(id)));
  } else if (Array.isArray(operand)) shown = b.list(operand.map((value) => String(value ?? '')));
  else if (typeof operand === 'object') shown = Object.values(operand).join(' ');
  else shown = String(operand);
  return `${operator} ${shown}`;
}

function triggerText(b: SentenceBuilder, trigger: Trigger): string {
  const { t } = b;
  const attribute = (placeholder: string) =>
    'attribute_id' in trigger ? b.attribute('trigger.attribute_id', trigger.attribute_id, placeholder) : '';
  let text: string;
  switch (trigger.kind) {
    case 'item_created':
      return trigger.folder_id === null
        ? t(`${K}.created`)
        : t(`${K}.createdIn`, { folder: b.folder('trigger.folder_id', trigger.folder_id) });
    case 'item_moved':
      return t(`${K}.moved`, {
        folder: b.mark({
          path: 'trigger.folder_id',
          isFilled: true,
          text:
            trigger.folder_id === null
              ? t(`${K}.anyFolder`)
              : (b.names.folder(trigger.folder_id) ?? t(`${K}.missing`)),
        }),
      });
    case 'value_changed': {
      const { from, to } = trigger;
      const name = attribute('column');
      const fromText = from
        ? b.mark({ path: 'trigger.from', isFilled: true, text: conditionText(b, trigger.attribute_id, from) })
        : '';
      const toText = to
        ? b.mark({ path: 'trigger.to', isFilled: true, text: conditionText(b, trigger.attribute_id, to) })
        : '';
      if (from && to) text = t(`${K}.changedFromTo`, { attribute: name, from: fromText, to: toText });
      else if (from) text = t(`${K}.changedFrom`, { attribute: name, from: fromText });
      else if (to) text = t(`${K}.changedTo`, { attribute: name, to: toText });
      else text = t(`${K}.changed`, { attribute: name });
      break;
    }
    case 'label_set':
      text = t(`${K}.labelSet`, {
        attribute: attribute('status'),
        label: b.label('trigger.label_id', trigger.attribute_id, trigger.label_id),
      });
      break;
    case 'checkbox_checked':
      text = t(`${K}.checked`, { attribute: attribute('checkbox') });
      break;
    case 'checklist_completed':
      text = t(`${K}.checklistDone`, { attribute: attribute('checklist') });
      break;
    case 'comment_added':
      text = t(`${K}.commented`);
      break;
    case 'schedule':
      return scheduleText(b, trigger.schedule);
    case 'date_arrives':
      text = dateArrivesText(b, trigger);
      break;
    case 'button_clicked':
      return t(`${K}.buttonClicked`, { attribute: attribute('button') });
    case 'form_submitted':
      // No form chosen is any form of the folder (or of the board): no blank to fill.
      text =
        trigger.form_id === null
          ? t(`${K}.formSubmitted`)
          : t(`${K}.formNamedSubmitted`, {
              form: b.mark({
                path: 'trigger.form_id',
                isFilled: true,
                text: b.names.form(trigger.form_id) ?? t(`${K}.missing`),
              }),
            });
      break;
    default:
      // A trigger of a later recipe version than this app knows.
      text = t(`${K}.otherTrigger`);
      break;
  }
  if ('folder_id' in trigger && trigger.folder_id !== null)
    return t(`${K}.inFolder`, { trigger: text, folder: b.folder('trigger.folder_id', trigger.folder_id) });
  return text;
}

/** "Every Monday and Friday at 8:30 AM": weekdays from the reader's first day of the week. */
function scheduleText(b: SentenceBuilder, schedule: Schedule | null): string {
  const { t, locale } = b;
  const path = 'trigger.schedule';
  if (schedule === null) return t(`${K}.scheduleBlank`, { schedule: b.blank(path, null, 'schedule') });
  if (schedule.every === 'rrule')
    return t(`${K}.scheduleRrule`, { rule: b.filled(`${path}.rrule`, schedule.rrule) });
  const time = b.filled(`${path}.at`, timeOfDayText(schedule.at, locale));
  if (schedule.every === 'day' || (schedule.every === 'week' && new Set(schedule.weekdays).size === 7))
    return t(`${K}.scheduleDaily`, { time });
  if (schedule.every === 'month')
    return t(`${K}.scheduleMonthly`, {
      day: b.filled(`${path}.day`, new Intl.NumberFormat(locale).format(schedule.day)),
      time,
    });
  const firstDay = firstDayOfWeek(locale, b.names.context.weekStartsOn);
  const days = weekdaysOf(locale, firstDay)
    .filter(({ day }) => schedule.weekdays.includes(day))
    .map(({ name }) => name);
  return t(`${K}.scheduleWeekly`, { days: b.filled(`${path}.weekdays`, b.list(days)), time });
}

/** "1 day before Due, at 9:00 AM": a date with a time fires at it, one without at `at`. */
function dateArrivesText(b: SentenceBuilder, trigger: Extract<Trigger, { kind: 'date_arrives' }>): string {
  const { t, locale } = b;
  const attribute = b.attribute('trigger.attribute_id', trigger.attribute_id, 'date');
  const found = trigger.attribute_id === null ? undefined : b.names.attribute(trigger.attribute_id);
  const hasTime =
    (found?.type === 'date' || found?.type === 'date_range') &&
    readSettings(found.type, found.settings).includeTime;
  const time = hasTime ? undefined : b.filled('trigger.at', timeOfDayText(trigger.at, locale));
  const timing = timingOf(trigger.offset);
  if (timing === 'on')
    return hasTime ? t(`${K}.dateArrives`, { attribute }) : t(`${K}.dateOnDayAt`, { attribute, time });
  const offset = b.filled('trigger.offset', offsetText(trigger.offset, locale));
  const key = timing === 'before' ? 'dateBefore' : 'dateAfter';
  return hasTime ? t(`${K}.${key}`, { offset, attribute }) : t(`${K}.${key}At`, { offset, attribute, time });
}

function valueText(
  b: SentenceBuilder,
  path: string,
  attributeId: string | null,
  value: ValueSource | null,
): string {
  const { t } = b;
  if (value === null) return b.blank(path, null, 'value');
  switch (value.kind) {
    case 'today':
      return b.blank(
        path,
        value.offset_days === 0
          ? t(`${K}.today`)
          : new Intl.RelativeTimeFormat(b.names.context.locale ?? 'en-US', { numeric: 'auto' }).format(
              value.offset_days,
              'day',
            ),
        'value',
      );
    case 'trigger_value':
      return b.blank(path, t(`${K}.triggerValue`), 'value');
    case 'formula':
      return b.blank(path, t(`${K}.formula`), 'value');
    case 'fixed': {
      const attribute = attributeId === null ? undefined : b.names.attribute(attributeId);
      if (value.data === null || value.data === undefined || !attribute) return b.blank(path, null, 'value');
      let shown = '';
      try {
        shown = valueToDisplayText(attribute, value.data, b.names.context).replace(/\s+/g, ' ').trim();
      } catch {
        shown = '';
      }
      return b.blank(path, shown === '' ? t(`${K}.emptyValue`) : shown, 'value');
    }
    default:
      return '';
  }
}

function actionText(b: SentenceBuilder, action: Action, at: number): string {
  const { t } = b;
  const path = `actions.${at}`;
  switch (action.kind) {
    case 'set_value': {
      const attribute = b.attribute(`${path}.attribute_id`, action.attribute_id, 'column');
      if (action.value?.kind === 'clear') return t(`${K}.clear`, { attribute });
      return t(`${K}.setValue`, {
        attribute,
        value: valueText(b, `${path}.value`, action.attribute_id, action.value),
      });
    }
    case 'add_member':
    case 'remove_member':
      return t(action.kind === 'add_member' ? `${K}.addMember` : `${K}.removeMember`, {
        people: b.people(`${path}.user_ids`, { userIds: action.user_ids, actor: action.actor }),
        attribute: b.attribute(`${path}.attribute_id`, action.attribute_id, 'peopleColumn'),
      });
    case 'add_label':
    case 'remove_label': {
      const attribute = action.attribute_id === null ? undefined : b.names.attribute(action.attribute_id);
      const isSingle = attribute?.type === 'label' && !readSettings('label', attribute.settings).multiple;
      const key =
        action.kind === 'remove_label' ? 'removeLabel' : isSingle || !attribute ? 'setLabel' : 'addLabel';
      return t(`${K}.${key}`, {
        attribute: b.attribute(`${path}.attribute_id`, action.attribute_id, 'status'),
        label: b.label(`${path}.label_id`, action.attribute_id, action.label_id),
      });
    }
    case 'move_to_folder':
      return t(`${K}.move`, { folder: b.folder(`${path}.folder_id`, action.folder_id) });
    case 'create_item':
      return action.as_subitem
        ? t(`${K}.createSubitem`)
        : t(`${K}.createItem`, { folder: b.folder(`${path}.folder_id`, action.folder_id) });
    case 'duplicate_item':
      return action.folder_id === null
        ? t(`${K}.duplicate`)
        : t(`${K}.duplicateInto`, { folder: b.folder(`${path}.folder_id`, action.folder_id) });
    case 'delete_item':
      return t(`${K}.delete`);
    case 'add_comment':
      return t(`${K}.comment`);
    case 'notify':
      return t(`${K}.notify`, {
        people: b.people(`${path}.to`, {
          attributeIds: action.to.attribute_ids,
          userIds: action.to.user_ids,
          actor: action.to.actor,
        }),
      });
    case 'send_email':
      return t(`${K}.email`, {
        address: b.blank(`${path}.to`, action.to.trim() === '' ? null : action.to.trim(), 'address'),
      });
    case 'call_webhook':
      return t(`${K}.webhook`, {
        hook: b.blank(
          `${path}.hook_id`,
          action.hook_id === null ? null : (b.names.hook(action.hook_id) ?? t(`${K}.missing`)),
          'webhook',
        ),
      });
  }
}

/**
 * The recipe as one sentence in the reader's language ("When Status changes to Done, set
 * Completed to today and notify Owner"), cut into words and blanks so each blank can be shown
 * (and marked while empty) where it stands.
 */
export function recipeSentence(recipe: Recipe, names: RecipeNames, t: TFunction): SentencePart[] {
  const b = new SentenceBuilder(t, names);
  const trigger = triggerText(b, recipe.trigger);
  const actions =
    recipe.actions.length === 0
      ? b.blank('actions', null, 'action')
      : b.list(recipe.actions.map((action, at) => actionText(b, action, at)));
  const whole = t(recipe.conditions.length > 0 ? `${K}.withConditions` : `${K}.whole`, { trigger, actions });
  const parts: SentencePart[] = [];
  const pattern = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
  let last = 0;
  for (const match of whole.matchAll(pattern)) {
    if (match.index > last) parts.push({ kind: 'text', text: whole.slice(last, match.index) });
    const blank = b.blanks[Number(match[1])]!;
    parts.push({ kind: 'blank', ...blank });
    last = match.index + match[0].length;
  }
  if (last < whole.length) parts.push({ kind: 'text', text: whole.slice(last) });
  return parts;
}

/** The sentence as plain text: empty blanks in brackets. */
export function sentenceText(parts: readonly SentencePart[]): string {
  return parts
    .map((part) => (part.kind === 'blank' && !part.isFilled ? `[${part.text}]` : part.text))
    .join('');
}
