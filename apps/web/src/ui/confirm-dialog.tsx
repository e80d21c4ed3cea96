import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';
import styles from './confirm.module.css';
import type { ConfirmOptions } from './confirm-options';
import { Modal } from './modal';

/**
 * The confirm dialogue itself (ConfirmProvider loads it the first time something asks): 'Are you
 * sure?' unless titled, with Cancel and the action.
 */
export function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmOptions | null;
  onAnswer: (answer: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && onAnswer(false)}
      title={request?.title ?? t('common.areYouSure')}
      description={request?.body}
    >
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          {t('common.cancel')}
        </Button>
        <Button
          variant={request?.isDestructive === false ? 'primary' : 'danger'}
          onClick={() => onAnswer(true)}
          autoFocus
        >
          {request?.action}
        </Button>
      </div>
    </Modal>
  );
}
