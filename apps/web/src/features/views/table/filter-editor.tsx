import { type AttributeDefinition, validateFilter } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { type FilterRule, MAX_FILTERS, type ViewSettings } from '@strata/domain/views/view-settings';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { valueErrorText } from '../cells/use-validated-commit';
import type { ViewMember } from '../view-types';
import { operandKind } from './filter-operand-input';
import { FilterRuleFields, filterableAttributes, ruleFor } from './filter-rule-fields';
import styles from './toolbar.module.css';

interface DraftRule extends FilterRule {
  /** A key for React: rules have no id of their own. */
  key: number;
}

export interface FilterEditorProps {
  attributes: readonly AttributeDefinition[];
  settings: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
  context: ValueContext;
  members: readonly ViewMember[];
}

let nextKey = 1;
const withKey = (rule: FilterRule): DraftRule => ({ ...rule, key: nextKey++ });

/** A condition whose value is still to be given (empty text, no choice yet): kept, not applied. */
function isUnfinished(attribute: AttributeDefinition, rule: FilterRule): boolean {
  const kind = operandKind(attribute.type, rule.operator);
  if (kind === 'none') return false;
  const { operand } = rule;
  if (operand === undefined || operand === '') return true;
  return Array.isArray(operand) && (operand.length === 0 || operand.every((x) => x === undefined));
}

/**
 * The view's filter conditions: attribute, an operator the attribute's type offers
 * (filterOperatorsFor), and an operand field by type; match all or any. Conditions being written
 * stay in the editor; only complete, valid ones (validateFilter) reach the settings, so a new or
 * half-typed condition never hides every item.
 */
export function FilterEditor({
  attributes,
  settings,
  onChangeSettings,
  context,
  members,
}: FilterEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DraftRule[]>(() => settings.filters.map(withKey));
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const filterable = filterableAttributes(attributes);
  const problemOf = (rule: FilterRule) => {
    const attribute = byId.get(rule.attribute_id);
    if (!attribute || isUnfinished(attribute, rule)) return null;
    return validateFilter(attribute, { operator: rule.operator, operand: rule.operand }, context)[0] ?? null;
  };
  const isSaved = (rule: FilterRule) => {
    const attribute = byId.get(rule.attribute_id);
    return attribute !== undefined && !isUnfinished(attribute, rule) && problemOf(rule) === null;
  };

  const save = (next: DraftRule[], match = settings.filter_match) => {
    setDraft(next);
    const filters = next.filter(isSaved).map(({ key: _key, ...rule }) => rule);
    if (JSON.stringify(filters) === JSON.stringify(settings.filters) && match === settings.filter_match)
      return;
    onChangeSettings({ ...settings, filters, filter_match: match });
  };
  const replace = (key: number, rule: FilterRule) =>
    save(draft.map((other) => (other.key === key ? { ...rule, key } : other)));

  return (
    <div className={styles.editor}>
      {draft.length === 0 && <p className={styles.hint}>{t('views.filter.none')}</p>}
      {draft.length > 1 && (
        <label className={styles.inline}>
          <span>{t('views.filter.match')}</span>
          <select
            className={styles.field}
            value={settings.filter_match}
            onChange={(event) => save(draft, event.target.value as 'all' | 'any')}
          >
            <option value="all">{t('views.filter.matchAll')}</option>
            <option value="any">{t('views.filter.matchAny')}</option>
          </select>
        </label>
      )}
      <ul className={styles.rules}>
        {draft.map((rule, index) => {
          const problem = problemOf(rule);
          return (
            <li
              key={rule.key}
              className={styles.rule}
              aria-label={t('views.filter.condition', { n: index + 1 })}
            >
              <FilterRuleFields
                rule={rule}
                attributes={attributes}
                members={members}
                context={context}
                controlClassName={styles.field}
                onChange={(next) => replace(rule.key, next)}
              />
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('views.filter.remove')}
                onClick={() => save(draft.filter((other) => other.key !== rule.key))}
              >
                <X size={14} aria-hidden="true" />
              </button>
              {problem && (
                <span className={styles.problem} role="status">
                  {valueErrorText(t, problem)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {filterable.length > 0 && draft.length < MAX_FILTERS && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => save([...draft, withKey(ruleFor(filterable[0]!))])}
        >
          <Plus size={14} aria-hidden="true" />
          {t('views.filter.add')}
        </button>
      )}
    </div>
  );
}
