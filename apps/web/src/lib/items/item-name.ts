import { validateItemName } from '@strata/domain/attributes/types/text-handlers';
import type { TFunction } from 'i18next';
import { toasts } from '../../ui/toast-store';

/**
 * What is wrong with a new item's name, in the catalogue's words (`views.errors.<CODE>`), or null
 * when the server will take it: the domain's rule, so the field says so before anything is sent.
 */
export function itemNameProblem(t: TFunction, name: string): string | null {
  const result = validateItemName(name.trim());
  if (result.ok) return null;
  const error = result.errors[0]!;
  return t(`views.errors.${error.code}`, { ...error.params, defaultValue: error.message });
}

/**
 * Whether a new item's name may be sent. A name the server would refuse is told at once, in an
 * announced toast, and kept in its field to be shortened: the item is never created to fail.
 */
export function acceptItemName(t: TFunction, name: string): boolean {
  const problem = itemNameProblem(t, name);
  if (problem !== null) toasts.show(problem, { tone: 'error', key: 'item-name' });
  return problem === null;
}
