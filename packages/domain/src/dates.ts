/** Date formats of spec section 9: YYYY-MM-DD, HH:mm:ss and the two combined, in a time zone. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

function parts(date: Date, timeZone?: string | null): Record<string, string> {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

export function formatDate(date: Date, timeZone?: string | null): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

export function formatTime(date: Date, timeZone?: string | null): string {
  const p = parts(date, timeZone);
  return `${p.hour}:${p.minute}:${p.second}`;
}

export function formatDateTime(date: Date, timeZone?: string | null): string {
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}
