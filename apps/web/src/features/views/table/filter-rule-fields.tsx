import type { FilterOperator } from '@strata/domain/attributes/filter-operators';
import { type AttributeDefinition, filterOperatorsFor } from '@strata/domain/attributes/type-registry';
import { contextLocale, type ValueContext } from '@strata/domain/attributes/value-context';
import { firstDayOfWeek } from '@strata/domain/locale';
import type { FilterRule } from '@strata/domain/views/view-settings';
import { useTranslation } from '../../../i18n/use-translation';
import type { ViewMember } from '../view-types';
import { defaultOperand, OperandInput, operandKind } from './filter-operand-input';

/** The attributes a rule can test (buttons have no value to filter). */
export function filterableAttributes(attributes: readonly AttributeDefinition[]): AttributeDefinition[] {
  return attributes.filter((attribute) => filterOperatorsFor(attribute.type).length > 0);
}

/** A new rule on an attribute: its type's first operator (or the one given) and that operator's empty operand. */
export function ruleFor(attribute: AttributeDefinition, operator?: FilterOperator): FilterRule {
  const op = operator ?? filterOperatorsFor(attribute.type)[0]!;
  return {
    attribute_id: attribute.id,
    operator: op,
    operand: defaultOperand(operandKind(attribute.type, op)),
  };
}

/**
 * One filter rule's fields, as a view's filters and an automation's conditions show them: the
 * attribute, an operator its type offers, and the operand field for that operator. Changing the
 * attribute starts the rule afresh; changing the operator keeps the operand when it is of the
 * same kind.
 */
export function FilterRuleFields({
  rule,
  attributes,
  members,
  context,
  controlClassName,
  problemId,
  onChange,
}: {
  rule: FilterRule;
  attributes: readonly AttributeDefinition[];
  members: readonly ViewMember[];
  context: ValueContext;
  controlClassName: string;
  /** The id of the text that says what is wrong with the rule's attribute, when something is. */
  problemId?: string;
  onChange(rule: FilterRule): void;
}) {
  const { t } = useTranslation();
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const attribute = byId.get(rule.attribute_id);
  const locale = contextLocale(context);
  return (
    <>
      <select
        className={controlClassName}
        aria-label={t('views.filter.attribute')}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        value={rule.attribute_id}
        onChange={(event) => {
          const next = byId.get(event.target.value);
          if (next) onChange(ruleFor(next));
        }}
      >
        {!attribute && <option value={rule.attribute_id}>{t('views.filter.deleted')}</option>}
        {filterableAttributes(attributes).map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {attribute && (
        <select
          className={controlClassName}
          aria-label={t('views.filter.operator')}
          value={rule.operator}
          onChange={(event) => {
            const operator = event.target.value as FilterOperator;
            const sameKind =
              operandKind(attribute.type, operator) === operandKind(attribute.type, rule.operator);
            onChange(sameKind ? { ...rule, operator } : ruleFor(attribute, operator));
          }}
        >
          {filterOperatorsFor(attribute.type).map((operator) => (
            <option key={operator} value={operator}>
              {t(`views.operators.${operator}`)}
            </option>
          ))}
        </select>
      )}
      {attribute && (
        <OperandInput
          key={`${rule.attribute_id}:${operandKind(attribute.type, rule.operator)}`}
          attribute={attribute}
          operator={rule.operator}
          operand={rule.operand}
          members={members}
          locale={locale}
          weekStartsOn={firstDayOfWeek(locale, context.weekStartsOn)}
          onChange={(operand) => onChange({ ...rule, operand })}
        />
      )}
    </>
  );
}
