import { formatDateInput } from '@strata/domain/attributes/date-locale';

/**
 * A date in the locale's short numeric form ("26/11/2026", "11/26/2026", "26.11.2026",
 * "٢٦/١١/٢٠٢٦"), for messages that ask for a date: an example people recognise, where a format
 * name ("ISO 8601") or a pattern ("DD/MM/YYYY") would not be plain language. It is written as the
 * date fields show and read dates (the domain's formatDateInput: Arabic with Arabic-Indic
 * digits), and is today's date, so it is a real one.
 */
export function dateExample(locale: string, today: Date = new Date()): string {
  const ms = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return formatDateInput({ ms, allDay: true }, locale, 'UTC').date;
}
