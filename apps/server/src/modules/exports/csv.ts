/** The byte order mark that makes spreadsheet apps read the file as UTF-8 (Arabic, Chinese, ...). */
export const CSV_BOM = '\uFEFF';

/** RFC 4180 record separator. */
const CRLF = '\r\n';

/** Text a spreadsheet app would run as a formula (or a DDE command) when it starts a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number, signed or not ("-5", "+2.5", "-1e3"): a value, never a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Fields that must be quoted: a comma, a double quote, CR or LF inside (RFC 4180, 2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Guards a cell against CSV formula injection (OWASP): text that starts with =, +, -, @, tab or
 * CR gets a leading apostrophe, which spreadsheet apps show as text. Plain numbers like -5 are
 * left as they are, so they stay numbers.
 */
export function guardFormula(text: string): string {
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** One field as RFC 4180 writes it: quoted (with quotes doubled) only when it has to be. */
export function csvField(text: string): string {
  const guarded = guardFormula(text);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * A whole CSV file: the BOM, then each row's fields joined by commas, every record ended by CRLF.
 * Every cell passes the formula guard, the header row included (attribute names are user text).
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  let out = CSV_BOM;
  for (const row of rows) out += row.map(csvField).join(',') + CRLF;
  return out;
}
