import { hasAllowedScheme, IMAGE_SCHEMES, LINK_SCHEMES } from '../../urls';
import { matchText } from '../filter-matchers';
import { EMPTY_OPERATORS, type FilterOperator } from '../filter-operators';
import { isUuid } from '../ids';
import { checklistProgress } from '../progress';
import { compareText, newIdOf } from '../value-context';
import { fail, failWith, ok, type ValueError, type ValueResult, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

export const LIST_MAX_ENTRIES = 500;

/** A typed link as stored: a scheme is added to a bare host ('example.com' -> 'https://example.com'). */
export function normaliseUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 2048 || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    if (!hasAllowedScheme(withScheme, LINK_SCHEMES)) return null;
    const url = new URL(withScheme);
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.hostname.includes('.') &&
      url.hostname !== 'localhost'
    )
      return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** Shared shape checks of list values: an array of objects with unique UUID ids. */
function validateList<E>(
  data: unknown,
  expected: string,
  entry: (raw: Record<string, unknown>, at: number, errors: ValueError[]) => E | null,
): ValueResult<E[] | null> {
  if (data === null || data === undefined) return ok(null);
  if (!Array.isArray(data)) return fail('INVALID_TYPE', { expected });
  if (data.length > LIST_MAX_ENTRIES) return fail('TOO_MANY_ENTRIES', { max: LIST_MAX_ENTRIES });
  const errors: ValueError[] = [];
  const seen = new Set<string>();
  const entries: E[] = [];
  data.forEach((raw, at) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      errors.push(valueError('INVALID_TYPE', { expected: 'an object' }, String(at)));
      return;
    }
    const { id } = raw as { id?: unknown };
    if (!isUuid(id)) errors.push(valueError('INVALID_ID', { id: String(id) }, `${at}.id`));
    else if (seen.has(id)) errors.push(valueError('DUPLICATE_ID', { id }, `${at}.id`));
    else seen.add(id);
    const made = entry(raw as Record<string, unknown>, at, errors);
    if (made) entries.push(made);
  });
  if (errors.length > 0) return failWith(errors);
  return ok(entries.length === 0 ? null : entries);
}

function optionalString(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

export interface LinkEntry {
  id: string;
  url: string;
  name: string;
  favicon: string | null;
}

const listTextOperators = [
  'contains',
  'not_contains',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];
const isTextOperand = (_operator: unknown, operand: unknown) => typeof operand === 'string';

/** Links: `[{ id, url, name, favicon }]`. */
export const linksHandler: TypeHandler<'links', LinkEntry[]> = {
  operators: listTextOperators,
  validateData: (_settings, data) =>
    validateList(data, 'an array of links', (raw, at, errors) => {
      const url = typeof raw.url === 'string' ? normaliseUrl(raw.url) : null;
      const name = optionalString(raw.name, 500);
      const favicon = optionalString(raw.favicon, 2048);
      if (url === null) errors.push(valueError('INVALID_URL', {}, `${at}.url`));
      if (name === undefined) errors.push(valueError('INVALID_TYPE', { expected: 'a string' }, `${at}.name`));
      if (favicon === undefined)
        errors.push(valueError('INVALID_TYPE', { expected: 'a string' }, `${at}.favicon`));
      else if (favicon !== null && favicon !== '' && !hasAllowedScheme(favicon, IMAGE_SCHEMES))
        errors.push(valueError('INVALID_URL', {}, `${at}.favicon`));
      if (url === null || name === undefined || favicon === undefined || errors.length > 0) return null;
      return { id: raw.id as string, url, name: name ?? '', favicon };
    }),
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const links = data.filter(
      (l): l is LinkEntry => !!l && typeof l === 'object' && typeof l.url === 'string',
    );
    return links.length === 0 ? null : links;
  },
  compare: (a, b, _settings, context) =>
    compareText(a[0]!.name || a[0]!.url, b[0]!.name || b[0]!.url, context),
  matches: (data, operator, operand) =>
    matchText(data === null ? null : data.map((l) => `${l.name} ${l.url}`).join('\n'), operator, operand),
  isOperand: isTextOperand,
  toPlainText: (data) => data.map((l) => l.url).join(', '),
  fromPlainText: (text, settings, context) => {
    const urls = text.split(/[\s,]+/).filter((part) => part !== '');
    return linksHandler.validateData(
      settings,
      urls.length === 0 ? null : urls.map((url) => ({ id: newIdOf(context), url, name: '', favicon: null })),
    );
  },
};

export interface ChecklistEntry {
  id: string;
  name: string;
  done: boolean;
}

/** Checklist: `[{ id, name, done }]`; its progress is checklistProgress (progress.ts). */
export const checklistHandler: TypeHandler<'checklist', ChecklistEntry[]> = {
  operators: ['is_complete', 'is_incomplete', ...listTextOperators],
  validateData: (_settings, data) =>
    validateList(data, 'an array of checklist entries', (raw, at, errors) => {
      const name = typeof raw.name === 'string' ? raw.name.trim() : '';
      const done = raw.done ?? false;
      if (name === '') errors.push(valueError('NAME_REQUIRED', {}, `${at}.name`));
      else if (name.length > 1000) errors.push(valueError('TEXT_TOO_LONG', { max: 1000 }, `${at}.name`));
      if (typeof done !== 'boolean')
        errors.push(valueError('INVALID_TYPE', { expected: 'true or false' }, `${at}.done`));
      return { id: raw.id as string, name, done: done === true };
    }),
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const entries = data
      .filter((e) => !!e && typeof e === 'object' && typeof e.name === 'string')
      .map((e) => ({ id: String(e.id), name: e.name as string, done: e.done === true }));
    return entries.length === 0 ? null : entries;
  },
  compare: (a, b) => {
    const pa = checklistProgress(a);
    const pb = checklistProgress(b);
    return pa.done / pa.total - pb.done / pb.total || pa.total - pb.total;
  },
  matches: (data, operator, operand) => {
    if (operator === 'is_complete') return data?.every((e) => e.done) === true;
    if (operator === 'is_incomplete') return data === null || data.some((e) => !e.done);
    return matchText(data === null ? null : data.map((e) => e.name).join('\n'), operator, operand);
  },
  isOperand: isTextOperand,
  toPlainText: (data) => data.map((e) => `[${e.done ? 'x' : ' '}] ${e.name}`).join('; '),
  fromPlainText: (text, settings, context) => {
    const parts = text
      .split(/[;\n]/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const entries = parts.map((part) => {
      const match = /^\[([ xX]?)\]\s*(.*)$/.exec(part);
      return {
        id: newIdOf(context),
        name: match ? match[2]! : part,
        done: match ? match[1]!.toLowerCase() === 'x' : false,
      };
    });
    return checklistHandler.validateData(settings, entries.length === 0 ? null : entries);
  },
};

export interface AttachmentEntry {
  id: string;
  name?: string;
  size?: number;
  mime_type?: string;
  url?: string;
}

/** Attachments: `[{ id, … }]`, ids from the attachments upload; name, size, mime_type, url are kept. */
export const attachmentsHandler: TypeHandler<'attachments', AttachmentEntry[]> = {
  operators: listTextOperators,
  validateData: (_settings, data) =>
    validateList(data, 'an array of attachments', (raw) => {
      const entry: AttachmentEntry = { id: raw.id as string };
      if (typeof raw.name === 'string') entry.name = raw.name;
      if (typeof raw.size === 'number' && Number.isFinite(raw.size)) entry.size = raw.size;
      if (typeof raw.mime_type === 'string') entry.mime_type = raw.mime_type;
      if (typeof raw.url === 'string') entry.url = raw.url;
      return entry;
    }),
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const files = data.filter(
      (f): f is AttachmentEntry => !!f && typeof f === 'object' && typeof f.id === 'string',
    );
    return files.length === 0 ? null : files;
  },
  compare: (a, b, _settings, context) =>
    a.length - b.length || compareText(a[0]!.name ?? '', b[0]!.name ?? '', context),
  matches: (data, operator, operand) =>
    matchText(data === null ? null : data.map((f) => f.name ?? '').join('\n'), operator, operand),
  isOperand: isTextOperand,
  toPlainText: (data) => data.map((f) => f.name ?? f.id).join(', '),
};
