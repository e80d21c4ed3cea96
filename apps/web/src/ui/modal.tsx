import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * A dialog that closes on Escape, a click on the backdrop or its close button. Desktop shows an X
 * at the end of the header; below 780 px it fills the screen with a Back button at the start.
 */
export function Modal({ open, onOpenChange, title, description, children }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-testid="modal-backdrop" />
        <Dialog.Content className={styles.content}>
          <div className={styles.header}>
            <Dialog.Close className={`${styles.iconButton} ${styles.back}`} aria-label={t('common.back')}>
              <ArrowLeft size={18} className="flip-in-rtl" aria-hidden="true" />
            </Dialog.Close>
            {/* The title may be a user-given name (an item's): one line, whole on hover. */}
            <Dialog.Title className={`truncate ${styles.title}`} dir="auto" title={title}>
              {title}
            </Dialog.Title>
            <Dialog.Close className={`${styles.iconButton} ${styles.close}`} aria-label={t('common.close')}>
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
