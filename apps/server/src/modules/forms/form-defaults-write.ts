import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import { AppError } from '@strata/domain/errors';
import { checkFormDefaults } from '@strata/domain/forms/form-defaults';
import type { FormField } from '@strata/domain/forms/form-settings';
import { sanitiseHtml } from '../../lib/html-sanitise';
import { findBoardAttributesCached } from '../items/item-reads';
import type { WriteScope } from '../records/write-scope';

/**
 * A form's questions as they may be stored: each default checked by its attribute's value rules
 * (domain `checkFormDefaults`; 422 at `settings.fields.{n}.default` with the attribute type's
 * code) and a long text's sanitised, as every stored rich text is. Fields without a default cost
 * no read.
 */
export async function storableFormFields(
  scope: Pick<WriteScope, 'ctx' | 'tx'>,
  teamId: number,
  boardId: string,
  fields: readonly FormField[],
): Promise<FormField[]> {
  if (!fields.some((field) => field.default !== undefined)) return [...fields];
  const rows = await findBoardAttributesCached(scope, teamId, boardId);
  const attributes = rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type as AttributeType,
    settings: row.settings,
  }));
  const checked = checkFormDefaults(fields, attributes);
  if ('errors' in checked)
    throw new AppError('VALIDATION_FAILED', {
      message: checked.errors[0]!.message,
      errors: checked.errors.map(({ path, message, code, params }) => ({ path, message, code, params })),
    });
  const longTexts = new Set(attributes.filter((a) => a.type === 'longtext').map((a) => a.id));
  return checked.fields.map((field) =>
    longTexts.has(field.attribute_id) && typeof field.default === 'string'
      ? { ...field, default: sanitiseHtml(field.default) }
      : field,
  );
}
