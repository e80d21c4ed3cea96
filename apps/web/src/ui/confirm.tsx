import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './confirm.module.css';
import { Modal } from './modal';

export interface ConfirmOptions {
  title?: string;
  body?: string;
  /**
   * The confirming button's label: a verb and its object ("Delete 3 items", "Delete board"),
   * never "Yes" or "OK", so the button alone says what pressing it does.
   */
  action: string;
  /** A change that takes something away (the default) gets the danger button; a reset does not. */
  isDestructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirm dialogue for the app: 'Are you sure?' unless titled, with Cancel and the action. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
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
          <Button
            variant={state?.isDestructive === false ? 'primary' : 'danger'}
            onClick={() => answer(true)}
            autoFocus
          >
            {state?.action}
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
