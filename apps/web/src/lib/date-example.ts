/**
 * A date in the locale's short numeric form ("26/11/2026", "11/26/2026", "26.11.2026"), for
 * messages that ask for a date: an example people recognise, where a format name ("ISO 8601")
 * or a pattern ("DD/MM/YYYY") would not be plain language. Today's date, so it is a real one.
 */
export function dateExample(locale: string, today: Date = new Date()): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(today);
}
