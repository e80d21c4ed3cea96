import { Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './automations-button.module.css';

/** The screen and its builder: a chunk of their own, loaded the first time the button is pressed. */
const AutomationsDialog = lazy(() =>
  import('./automations-dialog').then((module) => ({ default: module.AutomationsDialog })),
);

/** The board header's "Automations" action (for those with MANAGE_AUTOMATIONS): opens the screen. */
export function AutomationsButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${className} ${styles.button}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
      >
        <Zap size={16} aria-hidden="true" />
        {t('views.automations.open')}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <AutomationsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
