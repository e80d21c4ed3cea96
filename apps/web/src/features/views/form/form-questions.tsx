import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { type FormField, isFormQuestionType } from '@strata/domain/forms/form-settings';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import iconButton from '../../../ui/icon-button.module.css';
import type { ViewMember } from '../view-types';
import styles from './form-builder.module.css';
import { DraftField } from './form-draft-field';
import { FormQuestionDefault } from './form-question-default';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './form-question-edits';

export interface FormQuestionsProps {
  fields: readonly FormField[];
  attributes: readonly AttributeDefinition[];
  /** The workspace's people: a members question's default picks among them. */
  members: readonly ViewMember[];
  readOnly: boolean;
  /**
   * Changes the questions: `edit` is applied to the latest saved questions (a label committed as
   * its field is left and a tick in the same moment both land).
   */
  onEditFields(edit: (fields: FormField[]) => FormField[]): void;
}

/**
 * The questions of a form, in order: each asks one of the folder's attributes a visitor can answer
 * (FORM_QUESTION_TYPES), at most once. A question whose attribute was deleted is left out.
 */
export function FormQuestions({ fields, attributes, members, readOnly, onEditFields }: FormQuestionsProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [picked, setPicked] = useState('');
  const asked = fields.flatMap((field) => {
    const attribute = attributes.find((candidate) => candidate.id === field.attribute_id);
    return attribute ? [{ field, attribute }] : [];
  });
  const askable = attributes.filter(
    (attribute) =>
      isFormQuestionType(attribute.type) && !fields.some((field) => field.attribute_id === attribute.id),
  );

  const handleAdd = () => {
    if (!picked) return;
    onEditFields((latest) => addQuestion(latest, picked));
    setPicked('');
  };

  return (
    <section className={styles.section} aria-labelledby={`${selectId}-heading`}>
      <h3 id={`${selectId}-heading`} className={styles.heading}>
        {t('forms.builder.questions')}
      </h3>
      {asked.length === 0 && <p className={styles.muted}>{t('forms.builder.noQuestions')}</p>}
      <ol className={styles.questions}>
        {asked.map(({ field, attribute }, index) => (
          <li key={field.attribute_id} className={styles.question}>
            <fieldset className={styles.questionBox} disabled={readOnly}>
              <legend className={styles.legend}>
                {index + 1}. {attribute.name}
              </legend>
              <DraftField
                label={t('forms.builder.question')}
                value={field.label ?? ''}
                placeholder={attribute.name}
                maxLength={200}
                readOnly={readOnly}
                onCommit={(label) =>
                  onEditFields((latest) => updateQuestion(latest, field.attribute_id, { label }))
                }
              />
              <DraftField
                label={t('forms.builder.help')}
                value={field.help ?? ''}
                multiline
                maxLength={1000}
                readOnly={readOnly}
                onCommit={(help) =>
                  onEditFields((latest) => updateQuestion(latest, field.attribute_id, { help }))
                }
              />
              {attribute.type !== 'attachments' && (
                <FormQuestionDefault
                  field={field}
                  attribute={attribute}
                  members={members}
                  readOnly={readOnly}
                  onCommit={(data) =>
                    onEditFields((latest) => updateQuestion(latest, field.attribute_id, { default: data }))
                  }
                />
              )}
              <div className={styles.row}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={field.required ?? false}
                    onChange={(event) =>
                      onEditFields((latest) =>
                        updateQuestion(latest, field.attribute_id, { required: event.currentTarget.checked }),
                      )
                    }
                  />
                  {t('forms.builder.required')}
                </label>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={field.hidden ?? false}
                    aria-describedby={field.hidden ? `${selectId}-${index}-hidden` : undefined}
                    onChange={(event) =>
                      onEditFields((latest) =>
                        updateQuestion(latest, field.attribute_id, { hidden: event.currentTarget.checked }),
                      )
                    }
                  />
                  {t('forms.builder.hidden')}
                </label>
                {!readOnly && (
                  <span className={styles.actions}>
                    <button
                      type="button"
                      className={iconButton.iconButton}
                      aria-label={`${t('forms.builder.moveUp')}: ${attribute.name}`}
                      disabled={index === 0}
                      onClick={() => onEditFields((latest) => moveQuestion(latest, field.attribute_id, -1))}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={iconButton.iconButton}
                      aria-label={`${t('forms.builder.moveDown')}: ${attribute.name}`}
                      disabled={index === asked.length - 1}
                      onClick={() => onEditFields((latest) => moveQuestion(latest, field.attribute_id, 1))}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={iconButton.iconButton}
                      aria-label={`${t('forms.builder.remove')}: ${attribute.name}`}
                      onClick={() => onEditFields((latest) => removeQuestion(latest, field.attribute_id))}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  </span>
                )}
              </div>
              {field.hidden && (
                <p id={`${selectId}-${index}-hidden`} className={styles.muted}>
                  {t('forms.builder.hiddenHint', { name: attribute.name })}
                </p>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly &&
        (askable.length === 0 ? (
          <p className={styles.muted}>{t('forms.builder.noMoreColumns')}</p>
        ) : (
          <div className={styles.row}>
            <select
              id={selectId}
              className={styles.select}
              aria-label={t('forms.builder.addQuestion')}
              value={picked}
              onChange={(event) => setPicked(event.currentTarget.value)}
            >
              <option value="">{t('forms.builder.chooseColumn')}</option>
              {askable.map((attribute) => (
                <option key={attribute.id} value={attribute.id}>
                  {attribute.name}
                </option>
              ))}
            </select>
            <Button variant="secondary" onClick={handleAdd} disabled={!picked}>
              <Plus size={16} aria-hidden="true" />
              {t('forms.builder.addQuestion')}
            </Button>
          </div>
        ))}
    </section>
  );
}
