/** Pragmatic address check: one @, no spaces, a dot in the domain, within RFC length limits. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Splits a typed list of addresses: commas, spaces or new lines separate them (spec section 5). */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
