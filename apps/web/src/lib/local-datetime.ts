/**
 * An instant as a `datetime-local` input shows it, in this device's time zone; '' for none or
 * for text that is not a time.
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` input's value as an instant, or null when empty or not a time. */
export function fromLocalInput(local: string): string | null {
  const date = new Date(local);
  return local === '' || Number.isNaN(date.getTime()) ? null : date.toISOString();
}
