import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { type FormAfter, isSecureWebUrl, isWebUrl } from '@strata/domain/forms/form-settings';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import { Notice } from '../../../ui/notice';
import type { ViewMember } from '../view-types';
import styles from './form-builder.module.css';
import { DraftField } from './form-draft-field';
import { FormNotify, toggledId } from './form-notify';
import { FormQuestions } from './form-questions';
import { FormShare } from './form-share';

export interface FormBuilderProps {
  /** The form view's id: the form's id in its public address. */
  viewId: string;
  attributes: readonly AttributeDefinition[];
  /** The workspace's people, who may be told of each answer. */
  members: readonly ViewMember[];
  settings: ViewSettings;
  onChangeSettings(settings: ViewSettings): void;
  /** Who may not change the view sees the form without changing it. */
  readOnly: boolean;
}

const MAX_ANSWERS = 1_000_000;

/**
 * The form view (docs/forms.md): the form as its visitors will see it, each part editable in place
 * (title, description, cover, questions, button), what follows an answer, when it stops taking
 * answers, and whether it is shared, with its public link. Every change is a change of the view's
 * settings, saved as any view's.
 */
export function FormBuilder({
  viewId,
  attributes,
  members,
  settings: saved,
  onChangeSettings,
  readOnly,
}: FormBuilderProps) {
  const { t } = useTranslation();
  const id = useId();
  // A change shows in its own render, until the store draws its next settings: a switch or a box
  // drawn only from the store went back for a moment after its click (React restores a controlled
  // input), and the next change would have built on the older settings.
  const [pending, setPending] = useState<{ from: ViewSettings; next: ViewSettings } | null>(null);
  const settings = pending && pending.from === saved ? pending.next : saved;
  const [afterKind, setAfterKind] = useState<'message' | 'redirect'>(
    'redirect_url' in settings.after ? 'redirect' : 'message',
  );
  // Changes apply to the latest settings, also to those of a change made in the same moment (a
  // text committed as it is left, and the click that left it).
  const latest = useRef(settings);
  latest.current = settings;
  const change = (patch: Partial<ViewSettings> | ((settings: ViewSettings) => Partial<ViewSettings>)) => {
    const next = { ...latest.current, ...(typeof patch === 'function' ? patch(latest.current) : patch) };
    latest.current = next;
    setPending({ from: saved, next });
    onChangeSettings(next);
  };
  const setAfter = (after: FormAfter) => change({ after });
  const urlError = (value: string) =>
    value.trim() === '' || isWebUrl(value.trim()) ? undefined : t('forms.builder.invalidUrl');
  const message = 'message' in settings.after ? settings.after.message : '';
  const redirect = 'redirect_url' in settings.after ? settings.after.redirect_url : '';

  const handleAfterKind = (kind: 'message' | 'redirect') => {
    setAfterKind(kind);
    // A redirect is saved once it has an address; the message is kept until then.
    if (kind === 'message' && 'redirect_url' in settings.after) setAfter({ message: '' });
  };

  return (
    <section className={styles.builder} aria-label={t('forms.builder.label')}>
      {readOnly && <Notice tone="info">{t('forms.builder.readOnly')}</Notice>}
      <FormShare
        viewId={viewId}
        shared={settings.shared}
        readOnly={readOnly}
        onChangeShared={(shared) => change({ shared })}
      />
      <section className={styles.section} aria-labelledby={`${id}-page`}>
        <h3 id={`${id}-page`} className={styles.heading}>
          {t('forms.builder.pageHeading')}
        </h3>
        {settings.cover && isSecureWebUrl(settings.cover) && (
          <img className={styles.cover} src={settings.cover} alt="" />
        )}
        <DraftField
          label={t('forms.builder.title')}
          placeholder={t('forms.builder.titlePlaceholder')}
          value={settings.title}
          maxLength={200}
          readOnly={readOnly}
          onCommit={(title) => change({ title })}
        />
        <DraftField
          label={t('forms.builder.description')}
          value={settings.description}
          multiline
          maxLength={5000}
          readOnly={readOnly}
          onCommit={(description) => change({ description })}
        />
        <DraftField
          label={t('forms.builder.cover')}
          type="url"
          placeholder="https://"
          value={settings.cover ?? ''}
          validate={(value) =>
            value.trim() === '' || isSecureWebUrl(value.trim()) ? undefined : t('forms.builder.invalidUrl')
          }
          readOnly={readOnly}
          onCommit={(cover) => change({ cover: cover.trim() || null })}
        />
      </section>
      <FormQuestions
        fields={settings.fields}
        attributes={attributes}
        members={members}
        readOnly={readOnly}
        onEditFields={(edit) => change((current) => ({ fields: edit(current.fields) }))}
      />
      <section className={styles.section} aria-labelledby={`${id}-after`}>
        <DraftField
          label={t('forms.builder.submitLabel')}
          placeholder={t('forms.page.submit')}
          value={settings.submit_label ?? ''}
          maxLength={60}
          readOnly={readOnly}
          onCommit={(label) => change({ submit_label: label.trim() || null })}
        />
        <fieldset className={styles.choice} disabled={readOnly}>
          <legend id={`${id}-after`} className={styles.heading}>
            {t('forms.builder.after')}
          </legend>
          <label className={styles.check}>
            <input
              type="radio"
              name={`${id}-after-kind`}
              checked={afterKind === 'message'}
              onChange={() => handleAfterKind('message')}
            />
            {t('forms.builder.afterMessage')}
          </label>
          <label className={styles.check}>
            <input
              type="radio"
              name={`${id}-after-kind`}
              checked={afterKind === 'redirect'}
              onChange={() => handleAfterKind('redirect')}
            />
            {t('forms.builder.afterRedirect')}
          </label>
        </fieldset>
        {afterKind === 'message' ? (
          <DraftField
            label={t('forms.builder.message')}
            placeholder={t('forms.page.thanks')}
            value={message}
            multiline
            maxLength={2000}
            readOnly={readOnly}
            onCommit={(text) => setAfter({ message: text })}
          />
        ) : (
          <DraftField
            label={t('forms.builder.redirectUrl')}
            type="url"
            placeholder="https://"
            value={redirect}
            validate={urlError}
            readOnly={readOnly}
            onCommit={(url) => setAfter(url.trim() ? { redirect_url: url.trim() } : { message })}
          />
        )}
        <DraftField
          label={t('forms.builder.closesAt')}
          type="datetime-local"
          value={toLocalInput(settings.closes_at)}
          readOnly={readOnly}
          onCommit={(local) => change({ closes_at: fromLocalInput(local) })}
        />
        <DraftField
          label={t('forms.builder.maxAnswers')}
          type="number"
          min={1}
          value={settings.max_answers === null ? '' : String(settings.max_answers)}
          validate={(value) => {
            const count = Number(value);
            return value === '' || (Number.isInteger(count) && count >= 1 && count <= MAX_ANSWERS)
              ? undefined
              : t('forms.builder.maxAnswersInvalid');
          }}
          readOnly={readOnly}
          onCommit={(value) => change({ max_answers: value === '' ? null : Number(value) })}
        />
      </section>
      <FormNotify
        members={members}
        chosen={settings.notify_user_ids}
        readOnly={readOnly}
        onToggle={(member, on) =>
          change((current) => ({ notify_user_ids: toggledId(current.notify_user_ids, member, on) }))
        }
      />
    </section>
  );
}
