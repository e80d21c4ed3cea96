import { Zap } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import styles from './automations-button.module.css';

/** The screen and its builder: a chunk of their own, loaded the first time the button is pressed. */
const AutomationsDialog = lazy(() =>
  import('./automations-dialog').then((module) => ({ default: module.AutomationsDialog })),
);

/** The folder route's query that opens the screen on its usage (spec section 2: `usage` with the automations flag). */
export const USAGE_QUERY = { key: 'usage', value: 'automations' } as const;

/**
 * The board header's "Automations" action (for those with MANAGE_AUTOMATIONS): opens the screen,
 * also when the address asks for its usage (`?usage=automations`, where the runs' limit
 * notifications lead): then on the Usage tab, and the query is taken off the address.
 */
export function AutomationsButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [tab, setTab] = useState<'browse' | 'usage'>('browse');
  const [query, setQuery] = useSearchParams();
  const asksForUsage = query.get(USAGE_QUERY.key) === USAGE_QUERY.value;
  useEffect(() => {
    if (!asksForUsage) return;
    setTab('usage');
    setHasOpened(true);
    setOpen(true);
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(USAGE_QUERY.key);
        return next;
      },
      { replace: true },
    );
  }, [asksForUsage, setQuery]);
  return (
    <>
      <button
        type="button"
        className={`${className} ${styles.button}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setTab('browse');
          setHasOpened(true);
          setOpen(true);
        }}
      >
        <Zap size={16} aria-hidden="true" />
        {t('views.automations.open')}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <AutomationsDialog key={tab} open={open} onOpenChange={setOpen} initialTab={tab} />
        </Suspense>
      )}
    </>
  );
}
