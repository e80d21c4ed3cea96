import { MIN_PASSWORD_LENGTH } from '@strata/domain/auth/password-policy';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../ui/text-field';
import { newPasswordRules } from './use-email-field';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** A new password and its repetition, with the length and match rules. */
export function NewPasswordFields({
  form,
  labels,
}: {
  form: UseFormReturn<NewPasswordValues>;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const { register, formState, getValues } = form;
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password', newPasswordRules(t, MIN_PASSWORD_LENGTH))}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirm?.message}
        {...register('confirm', {
          required: t('validation.required'),
          validate: (value) => value === getValues('password') || t('validation.passwordMatch'),
        })}
      />
    </>
  );
}
