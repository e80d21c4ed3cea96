import type { FilterOperator } from '@strata/domain/attributes/filter-operators';
import { type AttributeDefinition, filterOperatorsFor } from '@strata/domain/attributes/type-registry';
import { contextLocale, type ValueContext } from '@strata/domain/attributes/value-context';
import type { ValueCondition } from '@strata/domain/automations/recipe';
import { firstDayOfWeek } from '@strata/domain/locale';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { defaultOperand, OperandInput, operandKind } from '../views/table/filter-operand-input';
import type { ViewMember } from '../views/view-types';
import styles from './builder.module.css';
import { ProblemText } from './builder-fields';

/**
 * A value trigger's "from" or "to": a filter condition on the trigger's attribute, with the
 * operators and operand fields of the views' filters; "any value" leaves it out.
 */
export function ValueConditionField({
  label,
  attribute,
  condition,
  members,
  context,
  problem,
  onChange,
}: {
  label: string;
  attribute: AttributeDefinition;
  condition: ValueCondition | null;
  members: readonly ViewMember[];
  context: ValueContext;
  problem?: string;
  onChange(condition: ValueCondition | null): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = contextLocale(context);
  const operator = condition?.operator as FilterOperator | undefined;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.row}>
        <select
          className={styles.control}
          aria-label={t('views.filter.operator')}
          value={operator ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            const next = event.target.value as FilterOperator | '';
            if (next === '') return onChange(null);
            const sameKind =
              operator !== undefined &&
              operandKind(attribute.type, next) === operandKind(attribute.type, operator);
            onChange({
              operator: next,
              operand: sameKind ? condition?.operand : defaultOperand(operandKind(attribute.type, next)),
            });
          }}
        >
          <option value="">{t('views.automations.builder.anyValue')}</option>
          {filterOperatorsFor(attribute.type).map((option) => (
            <option key={option} value={option}>
              {t(`views.operators.${option}`)}
            </option>
          ))}
        </select>
        {operator && (
          <OperandInput
            key={`${attribute.id}:${operandKind(attribute.type, operator)}`}
            attribute={attribute}
            operator={operator}
            operand={condition?.operand}
            members={members}
            locale={locale}
            weekStartsOn={firstDayOfWeek(locale, context.weekStartsOn)}
            onChange={(operand) => onChange({ operator, operand })}
          />
        )}
      </div>
      <ProblemText id={`${id}-problem`} code={problem} />
    </fieldset>
  );
}
