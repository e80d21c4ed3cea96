import type { MyHook, PatchHookBody } from '@strata/contracts/hooks';
import type { HookEvent } from '@strata/domain/webhooks/hook-events';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import styles from './developer.module.css';
import { checkHook, type HookProblems, hasProblems, refusal } from './hook-draft';
import { HookEventsField } from './hook-events-field';
import { useUpdateHook } from './use-hooks';

/** A hook's address and events; a save sends only what changed (PATCH). */
export function HookSettingsForm({ hook }: { hook: MyHook }) {
  const { t } = useTranslation();
  const update = useUpdateHook(hook);
  const [url, setUrl] = useState(hook.url);
  const [events, setEvents] = useState<HookEvent[]>(hook.events);
  const [problems, setProblems] = useState<HookProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const changes: PatchHookBody = {
    ...(url.trim() !== hook.url ? { url: url.trim() } : {}),
    ...(events.join() !== hook.events.join() ? { events } : {}),
  };
  const isChanged = Object.keys(changes).length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkHook(t, { url, events });
    setProblems(found);
    setMessage(null);
    if (hasProblems(found) || !isChanged) return;
    update.mutate(changes, {
      onSuccess: (saved) => {
        setUrl(saved.url);
        setEvents(saved.events);
        toasts.show(t('developer.hook.saved'), { tone: 'success' });
      },
      onError: (caught) => {
        const refused = refusal(t, caught);
        setProblems(refused.problems);
        setMessage(refused.message);
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby="hook-settings">
      <h2 id="hook-settings">{t('developer.hook.settingsTitle')}</h2>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {message && <Notice tone="error">{message}</Notice>}
        <TextField
          label={t('developer.form.url')}
          hint={t('developer.form.urlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={url}
          error={problems.url}
          onChange={(change) => {
            setUrl(change.currentTarget.value);
            setProblems((current) => ({ ...current, url: undefined }));
          }}
        />
        <HookEventsField
          value={events}
          error={problems.events}
          onChange={(next) => {
            setEvents(next);
            setProblems((current) => ({ ...current, events: undefined }));
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={update.isPending} disabled={!isChanged}>
            {t('developer.hook.saveChanges')}
          </Button>
        </div>
      </form>
    </section>
  );
}
