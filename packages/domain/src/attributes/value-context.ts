import { DEFAULT_LOCALE } from '../constants';

/**
 * What value functions need from outside the value itself: the reader's locale and time zone, the
 * clock, and lookups of names the value only holds ids of. Every field is optional; without a
 * lookup, ids are shown as they are.
 */
export interface ValueContext {
  /** BCP 47 tag; en-US by default. */
  locale?: string;
  /** IANA zone in which dates with a time are shown and compared by day; UTC by default. */
  timeZone?: string;
  /** Epoch milliseconds; relative date filters (today, this week) count from it. */
  now?: number;
  /** 0 = Sunday … 6 = Saturday; the profile's start_of_week. The locale decides when absent. */
  weekStartsOn?: number | null;
  /** The signed-in user, for the `me` operand of member filters. */
  currentUserId?: number | null;
  memberName?(userId: number): string | undefined;
  itemTitle?(itemId: string): string | undefined;
  folderName?(folderId: string): string | undefined;
  /** For import: the member whose name or email is this text. */
  findMemberId?(text: string): number | undefined;
  /** For validation: whether a user may be put in a members value. */
  isMember?(userId: number): boolean;
  /** For import: ids of new checklist entries and links (a random UUID when absent). */
  newId?(): string;
}

export function contextLocale(context: ValueContext | undefined): string {
  return context?.locale ?? DEFAULT_LOCALE;
}

export function contextTimeZone(context: ValueContext | undefined): string {
  return context?.timeZone ?? 'UTC';
}

export function memberNameOf(userId: number, context: ValueContext | undefined): string {
  return context?.memberName?.(userId) ?? String(userId);
}

export function itemTitleOf(itemId: string, context: ValueContext | undefined): string {
  return context?.itemTitle?.(itemId) ?? itemId;
}

export function folderNameOf(folderId: string, context: ValueContext | undefined): string {
  return context?.folderName?.(folderId) ?? folderId;
}

const collators = new Map<string, Intl.Collator>();

/** Natural, case-insensitive text order of the reader's language ('Item 2' before 'Item 10'). */
export function compareText(a: string, b: string, context?: ValueContext): number {
  const locale = contextLocale(context);
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator.compare(a, b);
}

export function newIdOf(context: ValueContext | undefined): string {
  return context?.newId?.() ?? globalThis.crypto.randomUUID();
}
