/** A moment of the logs and lists in the UI language, to the second when asked (attempts are close together). */
export function dateTimeText(locale: string, iso: string, withSeconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: withSeconds ? 'medium' : 'short',
  }).format(date);
}

/** A duration in milliseconds as the UI language writes the unit ("120 ms"). */
export function durationText(locale: string, ms: number): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(
    ms,
  );
}
