import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './confirm.module.css';
import { Modal } from './modal';

interface ConfirmOptions {
  title?: string;
  body?: string;
}

type Confirm = (options?: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirm dialogue for the app: 'Are you sure?' with Cancel and Yes unless told otherwise. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options = {}) => {
    resolver.current?.(false);
    setState(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setState(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={state !== null}
        onOpenChange={(open) => !open && answer(false)}
        title={state?.title ?? t('common.areYouSure')}
        description={state?.body}
      >
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => answer(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => answer(true)} autoFocus>
            {t('common.yes')}
          </Button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
