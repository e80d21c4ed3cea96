import { MAX_CONDITIONS, type Recipe } from '@strata/domain/automations/recipe';
import { Plus, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { FilterRuleFields, filterableAttributes, ruleFor } from '../views/table/filter-rule-fields';
import styles from './builder.module.css';
import { ProblemText } from './builder-fields';
import type { ProblemsByPath } from './recipe-draft';
import type { AutomationBoard } from './use-automation-board';

type Condition = Recipe['conditions'][number];

/**
 * The recipe's conditions: the views' filter rules (attribute, an operator its type offers, the
 * operand fields of the views' filter editor), all or any, so "matches" means what it means in
 * a view. A condition still being written is kept and marked, as any other blank.
 */
export function ConditionsEditor({
  conditions,
  match,
  board,
  problems,
  onChange,
}: {
  conditions: Recipe['conditions'];
  match: Recipe['condition_match'];
  board: AutomationBoard;
  problems: ProblemsByPath;
  onChange(conditions: Recipe['conditions'], match: Recipe['condition_match']): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  // Keys for React, kept beside the conditions (they have no id of their own).
  const keys = useRef<number[]>([]);
  const next = useRef(1);
  while (keys.current.length < conditions.length) keys.current.push(next.current++);
  keys.current.length = conditions.length;
  const filterable = filterableAttributes(board.attributes);
  const replace = (index: number, condition: Condition) =>
    onChange(
      conditions.map((other, at) => (at === index ? condition : other)),
      match,
    );

  return (
    <div className={styles.fields}>
      {conditions.length > 1 && (
        <label className={styles.field}>
          <span className={styles.label}>{t(`${B}.match`)}</span>
          <select
            className={styles.control}
            value={match}
            onChange={(event) => onChange(conditions, event.target.value as 'all' | 'any')}
          >
            <option value="all">{t('views.filter.matchAll')}</option>
            <option value="any">{t('views.filter.matchAny')}</option>
          </select>
        </label>
      )}
      {conditions.length > 0 && (
        <ul className={styles.conditions}>
          {conditions.map((condition, index) => {
            const problem =
              problems.get(`conditions.${index}.attribute_id`) ?? problems.get(`conditions.${index}`);
            const problemId = `automation-condition-${keys.current[index]}-problem`;
            return (
              <li
                key={keys.current[index]}
                className={styles.condition}
                aria-label={t('views.filter.condition', { n: index + 1 })}
              >
                <div className={styles.row}>
                  <FilterRuleFields
                    rule={condition}
                    attributes={board.attributes}
                    members={board.members}
                    context={board.context}
                    controlClassName={styles.control}
                    problemId={problem ? problemId : undefined}
                    onChange={(next) => replace(index, next)}
                  />
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t(`${B}.removeCondition`, { n: index + 1 })}
                    onClick={() => {
                      keys.current.splice(index, 1);
                      onChange(
                        conditions.filter((_, at) => at !== index),
                        match,
                      );
                    }}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                </div>
                <ProblemText id={problemId} code={problem} />
              </li>
            );
          })}
        </ul>
      )}
      {filterable.length > 0 && conditions.length < MAX_CONDITIONS && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => onChange([...conditions, ruleFor(filterable[0]!)], match)}
        >
          <Plus size={14} aria-hidden="true" />
          {t(`${B}.addCondition`)}
        </button>
      )}
    </div>
  );
}
