import type { MyHook } from '@strata/contracts/hooks';
import type { TFunction } from 'i18next';
import { Send } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './developer.module.css';
import { durationText } from './hook-format';
import { type HookTestResult, useTestHook } from './use-hooks';

/** What the receiver made of the test's ping: 'Connection successful!', else its error or status. */
function testOutcome(result: HookTestResult, t: TFunction): string {
  if (result.ok) return t('developer.test.ok');
  if (result.error) return t('developer.test.error', { error: result.error });
  if (result.status !== null) return t('developer.test.status', { status: result.status });
  return t('developer.test.noAnswer');
}

/** "Send test event": a `ping` delivered now, and how it went. */
export function HookTestSection({ hook }: { hook: MyHook }) {
  const { t, i18n } = useTranslation();
  const test = useTestHook(hook);
  const result = test.data;
  return (
    <section className={styles.section} aria-labelledby="hook-test">
      <h2 id="hook-test">{t('developer.test.title')}</h2>
      <p className={styles.hint}>{t('developer.test.hint')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
          <Send size={16} aria-hidden="true" className="flip-in-rtl" />
          {t('developer.test.send')}
        </Button>
      </div>
      {test.error && !test.isPending && <Notice tone="error">{errorMessage(test.error, t)}</Notice>}
      {result && !test.isPending && (
        <Notice tone={result.ok ? 'success' : 'error'}>
          <span>{testOutcome(result, t)}</span>{' '}
          <span className={styles.duration}>
            {t('developer.test.duration', { duration: durationText(i18n.language, result.duration_ms) })}
          </span>
        </Notice>
      )}
    </section>
  );
}
