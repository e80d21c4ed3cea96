import type { PublicForm } from '@strata/contracts/forms';
import type { FieldError } from '@strata/domain/errors';
import { solveChallenge } from '@strata/domain/forms/form-challenge';
import { type FormAfter, isWebUrl } from '@strata/domain/forms/form-settings';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { fieldErrorText } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './public-form.module.css';
import { submitPublicForm } from './public-form-api';
import { QuestionInput, questionInputId } from './public-form-input';
import {
  type Answers,
  answerFiles,
  errorsByQuestion,
  fileProblems,
  initialAnswers,
  missingAnswers,
  submissionValues,
} from './public-form-values';

type Phase = 'idle' | 'checking' | 'sending' | { after: FormAfter } | 'closed';

export interface PublicFormViewProps {
  formId: string;
  form: PublicForm;
  /** Fetches the form again (a new challenge), keeping what was typed. */
  onReload(): void;
  /** The page's address query: hidden questions are filled from it. */
  query: URLSearchParams;
}

/**
 * A public form's questions and its button (docs/forms.md). Sending first solves the form's
 * proof-of-work challenge ("Checking…"), then posts the answers; the server's field errors show
 * beside their questions and the first of them takes the focus.
 */
export function PublicFormView({ formId, form, onReload, query }: PublicFormViewProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(form.fields));
  const [website, setWebsite] = useState('');
  const [phase, setPhase] = useState<Phase>(form.closed ? 'closed' : 'idle');
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const focusError = useRef(false);
  const shown = useMemo(() => form.fields.filter((field) => !field.hidden), [form.fields]);
  const byQuestion = useMemo(() => errorsByQuestion(errors), [errors]);
  const otherErrors = errors.filter(
    (error) => !shown.some((field) => byQuestion.get(field.attribute_id) === error),
  );

  useEffect(() => {
    if (form.closed) setPhase('closed');
  }, [form.closed]);
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    const first = shown.find((field) => byQuestion.has(field.attribute_id));
    if (first) document.getElementById(questionInputId(first))?.focus();
  }, [byQuestion, shown]);

  const showErrors = (next: readonly FieldError[]) => {
    focusError.current = true;
    setErrors(next);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setNotice(null);
    const values = submissionValues(form.fields, answers, query);
    const files = answerFiles(form.fields, answers);
    const problems = [...missingAnswers(form.fields, values, answers), ...fileProblems(form, files)];
    if (problems.length > 0) return showErrors(problems);
    setErrors([]);
    setPhase('checking');
    const nonce = await solveChallenge(form.challenge.token, form.challenge.difficulty);
    setPhase('sending');
    const result = await submitPublicForm(
      formId,
      {
        values,
        challenge: { token: form.challenge.token, nonce },
        website,
      },
      files,
    );
    if (result.status === 'ok') {
      if ('redirect_url' in result.after && isWebUrl(result.after.redirect_url)) {
        window.location.assign(result.after.redirect_url);
        return;
      }
      setPhase({ after: result.after });
      return;
    }
    setPhase(result.status === 'closed' ? 'closed' : 'idle');
    if (result.status === 'invalid') showErrors(result.errors);
    else if (result.status === 'challenge') {
      // The challenge expired or was used: a new one comes with the form.
      setNotice(t('errors.codes.CHALLENGE_FAILED'));
      onReload();
    } else if (result.status === 'not-found') setNotice(t('forms.page.notFound'));
    else if (result.status === 'failed')
      setNotice(
        t(`errors.codes.${result.code ?? ''}`, { n: form.file_max_mb, defaultValue: t('errors.generic') }),
      );
  };

  const handleAnother = () => {
    setAnswers(initialAnswers(form.fields));
    setErrors([]);
    setPhase('idle');
    onReload();
  };

  if (phase === 'closed') return <Notice tone="info">{t('errors.codes.FORM_CLOSED')}</Notice>;
  if (typeof phase === 'object') {
    const message =
      'message' in phase.after && phase.after.message.trim() ? phase.after.message : t('forms.page.thanks');
    return (
      <div className={styles.done} role="status">
        <p className={styles.description}>{message}</p>
        <Button variant="secondary" onClick={handleAnother}>
          {t('forms.page.another')}
        </Button>
      </div>
    );
  }
  const busy = phase === 'checking' || phase === 'sending';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
      {errors.length > 0 && <Notice tone="error">{t('forms.page.fixErrors')}</Notice>}
      {otherErrors.map((error) => (
        <Notice key={error.path} tone="error">
          {fieldErrorText(t, error)}
        </Notice>
      ))}
      {notice && <Notice tone="error">{notice}</Notice>}
      {shown.map((field) => {
        const error = byQuestion.get(field.attribute_id);
        return (
          <QuestionInput
            key={field.attribute_id}
            field={field}
            limits={{ maxMb: form.file_max_mb, maxFiles: form.max_files }}
            answer={answers[field.attribute_id]}
            error={error ? fieldErrorText(t, error) : undefined}
            onChange={(answer) => setAnswers((current) => ({ ...current, [field.attribute_id]: answer }))}
          />
        );
      })}
      {/* For robots only: people never see it, and an answer with it filled is not taken. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          {t('forms.page.website')}
          <input
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={website}
            onChange={(event) => setWebsite(event.currentTarget.value)}
          />
        </label>
      </div>
      <div>
        <Button type="submit" busy={busy}>
          {phase === 'checking'
            ? t('forms.page.checking')
            : phase === 'sending'
              ? t('forms.page.sending')
              : form.submit_label || t('forms.page.submit')}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? t(phase === 'checking' ? 'forms.page.checking' : 'forms.page.sending') : ''}
      </p>
    </form>
  );
}
