import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { errorMessage } from '../../../lib/errors';
import { uploadAttachment, useAttachmentTarget } from './attachment-transfer';

/** An upload's failure in the catalogue's words: offline, or what the server said (the size limit). */
export function uploadFailureText(caught: unknown, t: TFunction): string {
  return (caught as { code?: string }).code === 'OFFLINE'
    ? t('errors.offlineFeature')
    : errorMessage(caught, t);
}

/**
 * Files chosen to upload into the board's files (an attachments cell, a page): sent one after
 * the other, each handed to `onUploaded` as it is stored (answering false stops there); the one
 * being sent is named, and a refusal (the size limit) or being offline is told in the
 * catalogue's words and stops the rest. Nothing is queued offline. `target` is null outside a
 * board, where nothing can be uploaded.
 */
export function useUploads() {
  const { t } = useTranslation();
  const target = useAttachmentTarget();
  const [uploading, setUploading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const uploadEach = async (
    files: readonly File[],
    onUploaded: (entry: AttachmentEntry) => boolean | undefined,
  ): Promise<boolean> => {
    if (files.length === 0 || !target) return false;
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(t('errors.offlineFeature'));
      return false;
    }
    try {
      for (const file of files) {
        setUploading(file.name);
        if (onUploaded(await uploadAttachment(target, file)) === false) return false;
      }
      return true;
    } catch (caught) {
      setFailure(uploadFailureText(caught, t));
      return false;
    } finally {
      setUploading(null);
    }
  };
  return { target, uploading, failure, uploadEach };
}
