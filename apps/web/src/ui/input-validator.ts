/** A check: true when valid, false or a message when not. */
export type Check = (value: string) => boolean | string;

/**
 * The input validator of spec section 5: an empty value is never flagged; a non-empty one that
 * fails the check gets the error style, with the check's message when it gives one.
 */
export function validatorState(value: string, check: Check): { invalid: boolean; message?: string } {
  if (value.trim() === '') return { invalid: false };
  const result = check(value);
  if (result === true) return { invalid: false };
  return typeof result === 'string' ? { invalid: true, message: result } : { invalid: true };
}
