import { HttpError } from '@strata/sync/http-client';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Modal } from '../../ui/modal';
import { ReauthForm } from './reauth-form';

/**
 * Runs a privileged action; when the server asks for re-authentication (401, type reauth) it
 * shows the password dialog and, once confirmed, runs the action again — the user's input stays.
 */
export function useReauth() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pending = useRef<{ resolve(): void; reject(error: unknown): void } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof HttpError && error.type === 'reauth')) throw error;
      await new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && pending.current) {
      pending.current.reject(
        new HttpError(401, t('errors.codes.REAUTH_REQUIRED'), 'REAUTH_REQUIRED', undefined, 'reauth'),
      );
      pending.current = null;
    }
  };

  const dialog = (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t('profile.security.reauthTitle')}
      description={t('profile.security.reauthBody')}
    >
      <ReauthForm
        onConfirmed={() => {
          pending.current?.resolve();
          pending.current = null;
          setOpen(false);
        }}
      />
    </Modal>
  );
  return { run, dialog };
}
