import type { Hook } from '@strata/contracts/hooks';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Modal } from '../../ui/modal';
import { CreatedHook } from './created-hook';
import { NewHookForm, type NewHookStart } from './new-hook-form';

/** "New webhook": the form, then, once created, the hook's secret to copy. */
export function NewHookDialog({
  open,
  start,
  onOpenChange,
}: {
  open: boolean;
  start: NewHookStart;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Hook | null>(null);
  const close = () => onOpenChange(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(created ? 'developer.create.createdTitle' : 'developer.create.title')}
    >
      {created ? (
        <CreatedHook hook={created} onDone={close} />
      ) : (
        <NewHookForm start={start} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}
