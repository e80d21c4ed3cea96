import type { PublicFormField } from '@strata/contracts/forms';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { formQuestionSettings } from '@strata/domain/forms/form-question-settings';
import type { FormField, FormQuestionType } from '@strata/domain/forms/form-settings';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { QuestionInput } from '../../forms/public-form-input';
import { type Answer, answerData, initialAnswer } from '../../forms/public-form-values';
import type { ViewMember } from '../view-types';
import styles from './form-builder.module.css';

/** Types whose input is typed: their default is saved when the input is left, not at every key. */
const TYPED = new Set<string>([
  'text',
  'longtext',
  'email',
  'phone',
  'links',
  'number',
  'progress',
  'date',
  'date_range',
]);

export interface FormQuestionDefaultProps {
  field: FormField;
  attribute: AttributeDefinition;
  members: readonly ViewMember[];
  readOnly: boolean;
  /** Saves the question's default: its data as the attribute's values take it, or none (undefined). */
  onCommit(data: unknown): void;
}

/**
 * A question's default answer (docs/forms.md): the answer a blank one takes, set with the very
 * input the form's page shows for the question, and prefilled there. Choices are saved when
 * picked, typed answers when the input is left; Clear removes the default.
 */
export function FormQuestionDefault({
  field,
  attribute,
  members,
  readOnly,
  onCommit,
}: FormQuestionDefaultProps) {
  const { t } = useTranslation();
  const question: PublicFormField = {
    attribute_id: `default-${field.attribute_id}`,
    name: attribute.name,
    type: attribute.type as FormQuestionType,
    label: t('forms.builder.defaultAnswer'),
    help: t('forms.builder.defaultHint'),
    required: false,
    hidden: false,
    default: field.default ?? null,
    settings: formQuestionSettings(attribute),
    members: members.map(({ id, name }) => ({ id, name })),
  };
  const saved = JSON.stringify(field.default ?? null);
  const [draft, setDraft] = useState<Answer>(() => initialAnswer(question));
  const [editing, setEditing] = useState(false);
  // A default changed elsewhere replaces the draft unless it is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved default's text decides
  useEffect(() => {
    if (!editing) setDraft(initialAnswer(question));
  }, [saved, editing]);

  const commit = (answer: Answer) => {
    const data = answerData(question, answer);
    if (JSON.stringify(data ?? null) !== saved) onCommit(data);
  };
  const handleChange = (answer: Answer) => {
    setDraft(answer);
    if (TYPED.has(attribute.type)) setEditing(true);
    else commit(answer);
  };
  const handleBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null) || !editing) return;
    setEditing(false);
    commit(draft);
  };

  return (
    <fieldset className={styles.defaultAnswer} onBlur={handleBlur}>
      <QuestionInput field={question} answer={draft} onChange={handleChange} />
      {!readOnly && field.default !== undefined && (
        <Button variant="secondary" onClick={() => onCommit(undefined)}>
          {t('forms.builder.clearDefault')}
        </Button>
      )}
    </fieldset>
  );
}
