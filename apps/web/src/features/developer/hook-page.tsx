import type { MyHook } from '@strata/contracts/hooks';
import { ArrowLeft, ScrollText, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import switchStyles from '../../ui/switch.module.css';
import { toasts } from '../../ui/toast-store';
import styles from './developer.module.css';
import { dateTimeText } from './hook-format';
import { HOOKS_SCREEN, hookLogsScreen } from './hook-links';
import { HookPlace } from './hook-row';
import { HookSecretSection } from './hook-secret-section';
import { HookSettingsForm } from './hook-settings-form';
import { HookStatus } from './hook-status';
import { HookTestSection } from './hook-test-section';
import { useDeleteHook, useMyHooks, useUpdateHook } from './use-hooks';

/** profile/developer/hooks/{hookId}: one of the person's hooks, found in their list. */
export function HookPage() {
  const { t } = useTranslation();
  const { hookId = '' } = useParams();
  const hooks = useMyHooks();
  const hook = hooks.data?.find((candidate) => candidate.id === hookId);
  if (hooks.isPending) return <PageSpinner label={t('app.loading')} />;
  if (!hook)
    return (
      <div className={styles.page}>
        <BackToHooks />
        <h1>{t('developer.hooks.title')}</h1>
        <Notice tone="error">
          {hooks.error ? errorMessage(hooks.error, t) : t('developer.hook.notFound')}
        </Notice>
      </div>
    );
  return <HookDetails key={hook.id} hook={hook} />;
}

function BackToHooks() {
  const { t } = useTranslation();
  return (
    <Link to={HOOKS_SCREEN} className={styles.back}>
      <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
      {t('developer.hook.back')}
    </Link>
  );
}

/**
 * The hook's state and switch, its address and events, its secret, a test delivery, its logs, and
 * deleting it.
 */
function HookDetails({ hook }: { hook: MyHook }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const update = useUpdateHook(hook);
  const remove = useDeleteHook(hook, () => {
    toasts.show(t('developer.hook.deleted'), { tone: 'success' });
    void navigate(HOOKS_SCREEN, { replace: true });
  });
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isOn = pending ?? hook.enabled;

  const handleSwitch = (enabled: boolean) => {
    setError(null);
    setPending(enabled);
    update.mutate(
      { enabled },
      { onError: (caught) => setError(errorMessage(caught, t)), onSettled: () => setPending(null) },
    );
  };
  const handleDelete = async () => {
    const sure = await confirm({
      title: t('developer.hook.deleteTitle'),
      body: t('developer.hook.deleteBody', { url: hook.url, board: hook.board_name }),
      action: t('developer.hook.delete'),
    });
    if (!sure) return;
    setError(null);
    remove.mutate(undefined, { onError: (caught) => setError(errorMessage(caught, t)) });
  };

  return (
    <div className={styles.page}>
      <BackToHooks />
      <header className={styles.heading}>
        <div className={styles.headingText}>
          {/* The address reads left to right; the heading stays at the page's start. */}
          <h1 className={styles.hookTitle}>
            <bdi dir="ltr">{hook.url}</bdi>
          </h1>
          <HookPlace hook={hook} />
        </div>
        <HookStatus hook={hook} />
      </header>
      {error && <Notice tone="error">{error}</Notice>}
      <section className={styles.section} aria-labelledby={`${id}-deliveries`}>
        <h2 id={`${id}-deliveries`}>{t('developer.hook.deliveriesTitle')}</h2>
        <label className={switchStyles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={isOn}
            aria-checked={isOn}
            aria-describedby={`${id}-switch-hint`}
            disabled={update.isPending}
            onChange={(event) => handleSwitch(event.currentTarget.checked)}
          />
          <span>{t('developer.hook.switch')}</span>
        </label>
        <p id={`${id}-switch-hint`} className={styles.hint}>
          {t(isOn ? 'developer.hook.switchOnHint' : 'developer.hook.switchOffHint')}
        </p>
        <div className={styles.inline}>
          <span className={styles.muted}>
            {hook.last_delivery_at
              ? t('developer.hook.lastDelivery', { date: dateTimeText(i18n.language, hook.last_delivery_at) })
              : t('developer.hook.noDelivery')}
          </span>
          <Link to={hookLogsScreen(hook.id)} className={styles.linkButton}>
            <ScrollText size={16} aria-hidden="true" />
            {t('developer.hook.logs')}
          </Link>
        </div>
      </section>
      <HookSettingsForm hook={hook} />
      <HookSecretSection hook={hook} />
      <HookTestSection hook={hook} />
      <section className={styles.section} aria-labelledby={`${id}-delete`}>
        <h2 id={`${id}-delete`}>{t('developer.hook.deleteSection')}</h2>
        <p className={styles.hint}>{t('developer.hook.deleteHint')}</p>
        <div className={styles.actions}>
          <Button variant="danger" busy={remove.isPending} onClick={() => void handleDelete()}>
            <Trash2 size={16} aria-hidden="true" />
            {t('developer.hook.delete')}
          </Button>
        </div>
      </section>
    </div>
  );
}
