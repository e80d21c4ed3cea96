import { isValidEmail } from '@strata/domain/emails';
import type { TFunction } from 'i18next';

/** Validation rules shared by the forms (react-hook-form `register` options). */
export function emailRules(t: TFunction) {
  return {
    required: t('validation.required'),
    validate: (value: string) => isValidEmail(value.trim()) || t('validation.email'),
  };
}

export function newPasswordRules(t: TFunction, min: number) {
  return {
    required: t('validation.required'),
    minLength: { value: min, message: t('validation.passwordMin', { min }) },
  };
}

/** A person's name: required, and more than spaces. */
export function nameRules(t: TFunction) {
  return {
    required: t('validation.required'),
    validate: (value: string) => value.trim() !== '' || t('validation.required'),
  };
}
