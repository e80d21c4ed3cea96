import { BOARD_NAME_MAX } from '@strata/contracts/boards';
import { Lock } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { ColorSwatches } from '../../ui/color-swatches';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { BOARD_COLORS } from './board-colors';
import styles from './boards.module.css';

/** What the create and edit forms hold of a board. */
export interface BoardFormValues {
  name: string;
  description: string;
  color: string;
  is_private: boolean;
}

/** The board's own details: name (required, spec section 5), description, colour. */
export function BoardDetailsFields({
  form,
  autoFocus,
}: {
  form: UseFormReturn<BoardFormValues>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { register, watch, formState } = form;
  const chosen = watch('color');
  return (
    <>
      <TextField
        label={t('boards.fields.name')}
        dir="auto"
        placeholder={t('boards.fields.namePlaceholder')}
        autoFocus={autoFocus}
        maxLength={BOARD_NAME_MAX}
        error={formState.errors.name?.message}
        {...register('name', { validate: (value) => value.trim() !== '' || t('boards.errors.nameRequired') })}
      />
      <TextArea
        label={t('boards.fields.description')}
        hint={t('boards.fields.descriptionHint')}
        maxLength={10_000}
        {...register('description')}
      />
      <fieldset className={styles.colors}>
        <legend className={styles.legend}>{t('boards.fields.color')}</legend>
        <ColorSwatches
          label={t('boards.fields.color')}
          colors={BOARD_COLORS.map((color) => ({
            value: color.value,
            label: t(`boards.colors.${color.name}`),
          }))}
          value={chosen}
          onChange={(color) => form.setValue('color', color, { shouldDirty: true })}
        />
      </fieldset>
    </>
  );
}

/** Public or private: a private board is seen only by its members and the workspace owner. */
export function PrivacyField({ form }: { form: UseFormReturn<BoardFormValues> }) {
  const { t } = useTranslation();
  return (
    <label className={styles.toggle}>
      <input type="checkbox" {...form.register('is_private')} />
      <span className={styles.toggleText}>
        <span className={styles.toggleLabel}>
          <Lock size={14} aria-hidden="true" /> {t('boards.fields.private')}
        </span>
        <span className={styles.hint}>{t('boards.fields.privateHint')}</span>
      </span>
    </label>
  );
}
