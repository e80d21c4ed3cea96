/**
 * Custom IDs: a per-board prefix and an auto-increment number. The value's data is the number
 * (public API); the prefix is display only. Uniqueness per board is the server's job (it takes the
 * next number inside the item's insert transaction); these are the pure helpers it uses.
 */
export function formatCustomId(prefix: string, number: number, padding = 0): string {
  return `${prefix}${String(number).padStart(padding, '0')}`;
}

/** The number the next item gets after the board's highest one (null when none was given yet). */
export function nextCustomId(
  prefix: string,
  lastNumber: number | null | undefined,
  padding = 0,
): { number: number; text: string } {
  const last = lastNumber && Number.isSafeInteger(lastNumber) && lastNumber > 0 ? lastNumber : 0;
  const number = last + 1;
  return { number, text: formatCustomId(prefix, number, padding) };
}

/** The number of a shown custom ID ('PRJ-007' with prefix 'PRJ-' is 7); null if it is not one. */
export function parseCustomId(prefix: string, text: string): number | null {
  const trimmed = text.trim();
  const rest = trimmed.toLowerCase().startsWith(prefix.toLowerCase())
    ? trimmed.slice(prefix.length)
    : trimmed;
  if (!/^\d+$/.test(rest)) return null;
  const number = Number(rest);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}
