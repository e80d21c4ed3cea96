import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import styles from './public-form.module.css';
import { type FormLoad, fetchPublicForm } from './public-form-api';
import { PublicFormView } from './public-form-view';

/** The browser tab's title while the form shows: the form's own, else the page's. */
function useFormTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/**
 * A shared form at `/form/:formId`, for anyone, signed in or not (docs/forms.md): its cover, title,
 * description and questions, in the device's language. A form that is not there or not shared
 * says so; one that takes no more answers says that instead of its questions.
 */
export function PublicFormPage() {
  const { t } = useTranslation();
  const { formId = '' } = useParams();
  const [query] = useSearchParams();
  const [load, setLoad] = useState<FormLoad | null>(null);
  const current = useRef<AbortController | null>(null);

  const handleLoad = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    fetchPublicForm(formId, controller.signal)
      .then((next) => {
        // A failed refetch keeps the form shown: it can still be sent (its challenge may still do).
        setLoad((shown) => (next.status === 'failed' && shown?.status === 'ok' ? shown : next));
      })
      .catch(() => undefined);
  }, [formId]);
  useEffect(() => {
    handleLoad();
    return () => current.current?.abort();
  }, [handleLoad]);

  const form = load?.status === 'ok' ? load.form : undefined;
  useFormTitle(form?.title);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="public-form-title">
        {load === null ? (
          <PageSpinner label={t('forms.page.loading')} />
        ) : load.status === 'not-found' ? (
          // The page's one heading in every state: it says what there is to see.
          <h1 id="public-form-title" className={styles.title}>
            {t('forms.page.notFound')}
          </h1>
        ) : load.status === 'failed' ? (
          <div className={styles.form}>
            <h1 id="public-form-title" className={styles.title}>
              {t('forms.page.loadFailed')}
            </h1>
            <div>
              <Button variant="secondary" onClick={handleLoad}>
                {t('forms.page.retry')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {load.form.cover && <img className={styles.cover} src={load.form.cover} alt="" />}
            <header className={styles.header}>
              <p className={styles.workspace}>{load.form.workspace.name}</p>
              <h1 id="public-form-title" className={styles.title}>
                {load.form.title}
              </h1>
              {load.form.description && <p className={styles.description}>{load.form.description}</p>}
            </header>
            <PublicFormView formId={formId} form={load.form} query={query} onReload={handleLoad} />
          </>
        )}
      </section>
    </main>
  );
}
