import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';

/** Loaded the first time something asks: the dialogue's code stays out of the first load. */
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

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

/** One confirm dialogue for the app (confirm-dialog.tsx), kept mounted once it has opened. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfirmOptions | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    resolver.current?.(false);
    setState(options);
    setHasOpened(true);
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
      {hasOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog request={state} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
