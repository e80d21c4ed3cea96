import { MAX_FORM_NOTIFY } from '@strata/domain/forms/form-settings';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TruncatedName } from '../../../ui/truncated-name';
import type { ViewMember } from '../view-types';
import styles from './form-builder.module.css';

/** `ids` with `id` added or taken out. */
export function toggledId(ids: readonly number[], id: number, on: boolean): number[] {
  return on ? [...ids.filter((one) => one !== id), id] : ids.filter((one) => one !== id);
}

/**
 * Who is told of each answer besides the form's owner (FormSubmittedNotification, docs/forms.md):
 * the workspace's people, each a checkbox, at most MAX_FORM_NOTIFY chosen. The server tells only
 * those who see the folder.
 */
export function FormNotify({
  members,
  chosen,
  readOnly,
  onToggle,
}: {
  members: readonly ViewMember[];
  chosen: readonly number[];
  readOnly: boolean;
  onToggle(id: number, on: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const picked = new Set(chosen);
  const full = picked.size >= MAX_FORM_NOTIFY;
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.heading}>
        {t('forms.builder.notify')}
      </h3>
      <p className={styles.muted}>{t('forms.builder.notifyHint')}</p>
      <ul className={styles.people}>
        {members.map((member) => (
          <li key={member.id}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={picked.has(member.id)}
                disabled={readOnly || (full && !picked.has(member.id))}
                onChange={(event) => onToggle(member.id, event.currentTarget.checked)}
              />
              <TruncatedName name={member.name} />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
