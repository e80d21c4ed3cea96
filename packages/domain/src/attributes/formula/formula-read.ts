import { readSettings } from '../attribute-settings';
import { formatCustomId } from '../custom-id';
import { parseIsoDate } from '../date-values';
import { htmlToPlainText } from '../html-text';
import { itemValueData } from '../item-values';
import { checklistProgress } from '../progress';
import { folderNameOf, itemTitleOf, memberNameOf, type ValueContext } from '../value-context';
import type { EvalState, FormulaAttribute, FormulaItem } from './formula-runtime';
import { FDate, FErr, type FValue } from './formula-values';

/** Nested formula attributes deeper than this answer #DEPTH!. */
export const MAX_FORMULA_NESTING = 32;

function dateOf(data: unknown): FDate | null {
  if (typeof data !== 'string') return null;
  const parsed = parseIsoDate(data);
  return parsed ? new FDate(parsed.ms, parsed.allDay) : null;
}

function joined(parts: readonly string[]): string | null {
  return parts.length === 0 ? null : parts.join(', ');
}

/**
 * A value of another type as a formula sees it: label -> its name(s), checkbox -> TRUE/FALSE,
 * members and created by -> names, number, progress, rating -> the number, dates -> dates,
 * start and end date -> a list [start, end] (START and END pick them), checklist -> the share
 * done (0 to 1), time tracking -> hours, links -> URLs, reference -> titles, custom ID -> its
 * text, long text -> its plain text; empty -> empty.
 */
export function toFormulaValue(attribute: FormulaAttribute, data: unknown, context: ValueContext): FValue {
  if (data === null || data === undefined) return attribute.type === 'checkbox' ? false : null;
  switch (attribute.type) {
    case 'text':
    case 'email':
    case 'phone':
      return typeof data === 'string' ? data : null;
    case 'longtext':
      return typeof data === 'string' ? htmlToPlainText(data) : null;
    case 'number':
    case 'progress':
    case 'rating':
      return typeof data === 'number' && Number.isFinite(data) ? data : null;
    case 'time_tracking':
      return typeof data === 'number' && Number.isFinite(data) ? data / 3600 : null;
    case 'checkbox':
      return data === true;
    case 'label': {
      const { labels } = readSettings('label', attribute.settings);
      const ids = Array.isArray(data) ? data : [];
      return joined(labels.filter((label) => ids.includes(label.id)).map((label) => label.name));
    }
    case 'members':
      return joined((Array.isArray(data) ? data : []).map((id) => memberNameOf(Number(id), context)));
    case 'created_by':
      return typeof data === 'number' ? memberNameOf(data, context) : null;
    case 'date':
    case 'created_at':
    case 'updated_at':
      return dateOf(data);
    case 'date_range': {
      const range = data as { start?: unknown; end?: unknown };
      const start = dateOf(range.start);
      const end = dateOf(range.end);
      return start || end ? [start, end] : null;
    }
    case 'links':
      return joined((Array.isArray(data) ? data : []).map((link) => String(link?.url ?? '')).filter(Boolean));
    case 'attachments':
      return joined((Array.isArray(data) ? data : []).map((file) => String(file?.name ?? file?.id ?? '')));
    case 'checklist': {
      const progress = checklistProgress(Array.isArray(data) ? data : []);
      return progress.total === 0 ? null : progress.done / progress.total;
    }
    case 'reference':
      return joined((Array.isArray(data) ? data : []).map((id) => itemTitleOf(String(id), context)));
    case 'dependency':
      return joined(
        (Array.isArray(data) ? data : []).map((entry) => itemTitleOf(String(entry?.item_id ?? ''), context)),
      );
    case 'source_folder':
      return typeof data === 'string' ? folderNameOf(data, context) : null;
    case 'custom_id': {
      const settings = readSettings('custom_id', attribute.settings);
      return typeof data === 'number' ? formatCustomId(settings.prefix, data, settings.padding) : null;
    }
    default:
      return null;
  }
}

/** The value of an attribute on an item (of the formula's item, or a subitem's). */
export function readAttribute(state: EvalState, item: FormulaItem, attributeId: string): FValue {
  const attribute = state.env.attributes.get(attributeId);
  if (!attribute) return new FErr('#REF!', 'A referenced attribute no longer exists.');
  if (attribute.type === 'formula') return evaluateFormulaAttribute(state, item, attributeId);
  return toFormulaValue(attribute, itemValueData(item, attribute), state.env.context);
}

/**
 * Works out a formula attribute for an item once per evaluation; a formula met again while it is
 * being worked out is a circle (#CYCLE!), and chains deeper than MAX_FORMULA_NESTING stop (#DEPTH!).
 */
export function evaluateFormulaAttribute(state: EvalState, item: FormulaItem, attributeId: string): FValue {
  const key = `${item.id}|${attributeId}`;
  const known = state.memo.get(key);
  if (known !== undefined) return known;
  if (state.stack.includes(key)) return new FErr('#CYCLE!', 'This formula refers back to itself.');
  if (state.stack.length >= MAX_FORMULA_NESTING) return new FErr('#DEPTH!');
  const compiled = state.env.formulas.get(attributeId);
  if (!compiled) return new FErr('#REF!', 'A referenced attribute no longer exists.');
  state.stack.push(key);
  const previous = state.item;
  state.item = item;
  const value = compiled.run(state);
  state.item = previous;
  state.stack.pop();
  state.memo.set(key, value);
  return value;
}
