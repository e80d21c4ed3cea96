import { type AttributeSettings, parseSettings } from './attribute-settings';
import { type AttributeType, isAttributeType, isSingletonType, isUserEditable } from './attribute-types';
import { compileFormula } from './formula/formula-compile';
import { formulaCycleError } from './formula/formula-cycles';
import { type AttributeDefinition, validateValue } from './type-registry';
import type { ValueContext } from './value-context';
import { failWith, ok, type ValueError, type ValueResult, valueError } from './value-errors';

export const ATTRIBUTE_NAME_MAX_LENGTH = 255;

/** An attribute as a client sends it for create or update. */
export interface AttributeDraft {
  id: string;
  name: unknown;
  type: unknown;
  settings?: unknown;
  default_data?: unknown;
}

export interface ValidAttribute {
  id: string;
  name: string;
  type: AttributeType;
  settings: AttributeSettings<AttributeType>;
  default_data: unknown;
}

/**
 * The board's name attribute: the text attribute whose settings say `primary`. Its value is the
 * item's name (public API v2 has no name field on items); a board has at most one.
 */
export function isNameAttribute(attribute: Pick<AttributeDefinition, 'type' | 'settings'>): boolean {
  return (
    attribute.type === 'text' &&
    typeof attribute.settings === 'object' &&
    attribute.settings !== null &&
    (attribute.settings as { primary?: unknown }).primary === true
  );
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Formula text is checked against the board and stored with attribute ids instead of names. */
function checkFormula(
  id: string,
  name: string,
  settings: AttributeSettings<'formula'>,
  others: readonly AttributeDefinition[],
): { settings: AttributeSettings<'formula'>; errors: ValueError[] } {
  // The formula's own name resolves too, so that referring to itself is reported as a circle.
  const compiled = compileFormula(settings.formula, [...others, { id, name, type: 'formula' }]);
  const errors = compiled.errors.map((e) => ({ ...e, path: 'settings.formula' }));
  const stored = { ...settings, formula: compiled.stored };
  if (errors.length === 0) {
    const cycle = formulaCycleError({ id, name, type: 'formula', settings: stored }, others);
    if (cycle) errors.push({ ...cycle, path: 'settings.formula' });
  }
  return { settings: stored, errors };
}

/** A button may only set values users could set themselves, with data valid for those attributes. */
function checkButton(
  settings: AttributeSettings<'button'>,
  others: readonly AttributeDefinition[],
): ValueError[] {
  if (settings.action?.type !== 'set_values') return [];
  const errors: ValueError[] = [];
  settings.action.values.forEach((entry, at) => {
    const target = others.find((a) => a.id === entry.attribute_id);
    const path = `settings.action.values.${at}`;
    if (!target || !isUserEditable(target.type)) {
      errors.push(valueError('BUTTON_TARGET_INVALID', { id: entry.attribute_id }, `${path}.attribute_id`));
      return;
    }
    const checked = validateValue(target, entry.data);
    if (!checked.ok) errors.push(...checked.errors.map((e) => ({ ...e, path: `${path}.data` })));
  });
  return errors;
}

/**
 * Checks an attribute before it is created or changed, against the other attributes of its board
 * (spec sections 5 and 8): a name is required; a name may be used once per type ('Attribute with
 * this name and type already exists.'); some types may exist once per board ('Attribute of this
 * type already exists'); settings must be valid (a label's name is required); a formula must
 * compile and close no circle; a button may only set editable attributes; default data must be
 * valid. Answers the normalised attribute (formula text stored with ids).
 */
export function validateAttributeDefinition(
  draft: AttributeDraft,
  board: readonly AttributeDefinition[],
  context?: ValueContext,
): ValueResult<ValidAttribute> {
  const errors: ValueError[] = [];
  const others = board.filter((a) => a.id !== draft.id);
  const name = typeof draft.name === 'string' ? draft.name.trim() : '';
  if (name === '') errors.push(valueError('ATTRIBUTE_NAME_REQUIRED', {}, 'name'));
  else if (name.length > ATTRIBUTE_NAME_MAX_LENGTH)
    errors.push(valueError('ATTRIBUTE_NAME_TOO_LONG', { max: ATTRIBUTE_NAME_MAX_LENGTH }, 'name'));
  if (!isAttributeType(draft.type)) {
    errors.push(valueError('INVALID_ATTRIBUTE_TYPE', {}, 'type'));
    return failWith(errors);
  }
  const type = draft.type;
  if (isSingletonType(type) && others.some((a) => a.type === type))
    errors.push(valueError('ATTRIBUTE_TYPE_EXISTS', { type }, 'type'));
  if (name !== '' && others.some((a) => a.type === type && sameName(a.name, name)))
    errors.push(valueError('ATTRIBUTE_NAME_TAKEN', { name, type }, 'name'));

  const parsed = parseSettings(type, draft.settings);
  if (!parsed.ok) return failWith([...errors, ...parsed.errors]);
  let settings = parsed.data as AttributeSettings<AttributeType>;
  if (type === 'formula') {
    const formula = checkFormula(draft.id, name, settings as AttributeSettings<'formula'>, others);
    settings = formula.settings;
    errors.push(...formula.errors);
  }
  if (type === 'button') errors.push(...checkButton(settings as AttributeSettings<'button'>, others));
  if (type === 'text' && (settings as AttributeSettings<'text'>).primary && others.some(isNameAttribute))
    errors.push(valueError('NAME_ATTRIBUTE_EXISTS', {}, 'settings.primary'));

  let defaultData: unknown = null;
  if (draft.default_data !== undefined && draft.default_data !== null) {
    if (!isUserEditable(type)) errors.push(valueError('NOT_EDITABLE', {}, 'default_data'));
    else {
      const checked = validateValue({ id: draft.id, name, type, settings }, draft.default_data, context);
      if (checked.ok) defaultData = checked.data;
      else
        errors.push(
          ...checked.errors.map((e) => ({ ...e, path: `default_data${e.path ? `.${e.path}` : ''}` })),
        );
    }
  }
  if (errors.length > 0) return failWith(errors);
  return ok({ id: draft.id, name, type, settings, default_data: defaultData });
}
