import { isValidEmail } from '../../emails';
import { matchText } from '../filter-matchers';
import { TEXT_OPERATORS } from '../filter-operators';
import { htmlToPlainText, plainTextToHtml } from '../html-text';
import { compareText } from '../value-context';
import { fail, ok, type ValueResult } from '../value-errors';
import type { TypeHandler } from './type-handler';

export const TEXT_MAX_LENGTH = 10_000;
export const LONGTEXT_MAX_LENGTH = 1_000_000;
/**
 * The item's name (the board's primary text attribute), in characters as a person counts them
 * (code points): the spec states no limit; 255 as in the products it replaces, long enough for
 * any title and short enough to show in a tab, a card or a breadcrumb. See docs/attributes.md.
 */
export const ITEM_NAME_MAX_LENGTH = 255;
/** The public API's phone pattern. */
export const PHONE_PATTERN = /^[+]*[(]{0,1}[0-9]{1,4}[)]{0,1}[-\s0-9]*$/;

function validateString(data: unknown, max: number): ValueResult<string | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data !== 'string') return fail('INVALID_TYPE', { expected: 'a string' });
  if (data.length > max) return fail('TEXT_TOO_LONG', { max });
  return ok(data === '' ? null : data);
}

function readString(data: unknown): string | null {
  return typeof data === 'string' && data.trim() !== '' ? data : null;
}

/** Plain text of long text is needed again and again when sorting and filtering: keep recent ones. */
const plainCache = new Map<string, string>();
function plainOf(html: string): string {
  let plain = plainCache.get(html);
  if (plain === undefined) {
    if (plainCache.size > 5_000) plainCache.clear();
    plain = htmlToPlainText(html);
    plainCache.set(html, plain);
  }
  return plain;
}

const textLike = {
  operators: TEXT_OPERATORS,
  read: readString,
  compare: (a: string, b: string, _settings: unknown, context?: Parameters<typeof compareText>[2]) =>
    compareText(a.trim(), b.trim(), context),
  matches: (data: string | null, operator: Parameters<typeof matchText>[1], operand: unknown) =>
    matchText(data, operator, operand),
  isOperand: (_operator: unknown, operand: unknown) => typeof operand === 'string',
  toPlainText: (data: string) => data,
};

/**
 * An item's name: a string of at most ITEM_NAME_MAX_LENGTH characters. The web app checks a new
 * item's name with it before sending, the server every write of the name attribute.
 */
export function validateItemName(data: unknown): ValueResult<string | null> {
  const result = validateString(data, TEXT_MAX_LENGTH);
  if (!result.ok || result.data === null) return result;
  if (Array.from(result.data).length > ITEM_NAME_MAX_LENGTH)
    return fail('ITEM_NAME_TOO_LONG', { max: ITEM_NAME_MAX_LENGTH });
  return result;
}

const isName = (settings: unknown) => (settings as { primary?: unknown } | null)?.primary === true;

/** Text: a string (the item's name is a text attribute, flagged primary, with a shorter limit). */
export const textHandler: TypeHandler<'text', string> = {
  ...textLike,
  validateData: (settings, data) =>
    isName(settings) ? validateItemName(data) : validateString(data, TEXT_MAX_LENGTH),
  fromPlainText: (text, settings) => {
    const data = text === '' ? null : text;
    return isName(settings) ? validateItemName(data) : validateString(data, TEXT_MAX_LENGTH);
  },
};

/** Long text: an HTML string (sanitised by the server on write); sorted and filtered by its text. */
export const longtextHandler: TypeHandler<'longtext', string> = {
  ...textLike,
  validateData: (_settings, data) => validateString(data, LONGTEXT_MAX_LENGTH),
  read: (data) => (typeof data === 'string' && plainOf(data) !== '' ? data : null),
  compare: (a, b, _settings, context) => compareText(plainOf(a), plainOf(b), context),
  matches: (data, operator, operand) => matchText(data === null ? null : plainOf(data), operator, operand),
  toPlainText: (data) => plainOf(data),
  fromPlainText: (text) =>
    validateString(text.trim() === '' ? null : plainTextToHtml(text.trim()), LONGTEXT_MAX_LENGTH),
};

function validateEmail(data: unknown): ValueResult<string | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data !== 'string') return fail('INVALID_TYPE', { expected: 'a string' });
  const trimmed = data.trim();
  if (trimmed === '') return ok(null);
  return isValidEmail(trimmed) ? ok(trimmed) : fail('INVALID_EMAIL');
}

/** Email: one valid address. */
export const emailHandler: TypeHandler<'email', string> = {
  ...textLike,
  validateData: (_settings, data) => validateEmail(data),
  fromPlainText: (text) => validateEmail(text),
};

function validatePhone(data: unknown): ValueResult<string | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data !== 'string') return fail('INVALID_TYPE', { expected: 'a string' });
  const trimmed = data.trim();
  if (trimmed === '') return ok(null);
  return trimmed.length <= 50 && PHONE_PATTERN.test(trimmed) ? ok(trimmed) : fail('INVALID_PHONE');
}

/** Phone: a number in the public API's pattern (+, an optional bracketed area code, digits, dashes, spaces). */
export const phoneHandler: TypeHandler<'phone', string> = {
  ...textLike,
  validateData: (_settings, data) => validatePhone(data),
  fromPlainText: (text) => validatePhone(text),
};
