import { type AttributeDefinition, validateValue } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { ValueError } from '@strata/domain/attributes/value-errors';
import i18next, { type TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { dateExample } from '../../../lib/date-example';

/**
 * The catalogue text of a domain value error (`views.errors.<CODE>`), its `{{placeholders}}`
 * filled from the error's params (and `{{example}}`, a date in `locale`'s form, for dates); the
 * domain's English message when the catalogue lacks the code.
 */
export function valueErrorText(t: TFunction, error: ValueError, locale?: string): string {
  const example =
    error.code === 'INVALID_DATE' ? dateExample(locale ?? i18next.language ?? 'en-US') : undefined;
  return t(`views.errors.${error.code}`, { ...error.params, example, defaultValue: error.message });
}

export interface ValidatedCommit {
  /** The first problem of the last refused commit, as catalogue text; null when none. */
  error: string | null;
  /** A warning of the last accepted check (END_BEFORE_START), as catalogue text. */
  warning: string | null;
  /**
   * Validates data with the domain's `validateValue` and commits the normalised data; shows the
   * first error instead and answers false.
   */
  commit(data: unknown, options?: { keepOpen?: boolean }): boolean;
  /** Validates without committing (to flag warnings while typing). */
  check(data: unknown): boolean;
}

export function useValidatedCommit(
  attribute: AttributeDefinition,
  context: ValueContext,
  onCommit: (data: unknown, options?: { keepOpen?: boolean }) => void,
): ValidatedCommit {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const check = useCallback(
    (data: unknown) => {
      const result = validateValue(attribute, data, context);
      if (!result.ok) {
        setError(valueErrorText(t, result.errors[0]!, context.locale));
        return false;
      }
      setError(null);
      setWarning(result.warnings[0] ? valueErrorText(t, result.warnings[0], context.locale) : null);
      return true;
    },
    [attribute, context, t],
  );

  const commit = useCallback(
    (data: unknown, options?: { keepOpen?: boolean }) => {
      const result = validateValue(attribute, data, context);
      if (!result.ok) {
        setError(valueErrorText(t, result.errors[0]!, context.locale));
        return false;
      }
      setError(null);
      onCommit(result.data, options);
      return true;
    },
    [attribute, context, onCommit, t],
  );

  return { error, warning, commit, check };
}
