import { DEFAULT_LOCALE, LOCALES, type Locale, RTL_LANGUAGES } from './constants';

/** A supported locale for a language tag: exact, then by base language ('fr-CA' -> 'fr', 'en-GB' -> 'en-US'). */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.split(/[-_]/)[0]!.toLowerCase();
  return LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === base);
}

/**
 * The UI language: the profile's when signed in; else the first supported of the browser's
 * preferred languages; else en-US.
 */
export function resolveLocale(
  profileLocale: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  const fromProfile = matchLocale(profileLocale);
  if (fromProfile) return fromProfile;
  for (const language of browserLanguages) {
    const match = matchLocale(language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Right-to-left scripts: ar, he, fa, ur (with any region). */
export function isRtl(tag: string): boolean {
  const base = tag.split(/[-_]/)[0]!.toLowerCase();
  return (RTL_LANGUAGES as readonly string[]).includes(base);
}

/** First day of the week (0 = Sunday … 6 = Saturday) by region, for when Intl has no week info. */
const SUNDAY_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'BR',
  'JP',
  'KR',
  'CN',
  'TW',
  'HK',
  'IL',
  'IN',
  'PH',
  'ZA',
  'SA',
]);
const SATURDAY_REGIONS = new Set([
  'AE',
  'AF',
  'BH',
  'DJ',
  'DZ',
  'EG',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LY',
  'OM',
  'QA',
  'SD',
  'SY',
]);
const DEFAULT_REGION: Record<string, string> = {
  en: 'US',
  it: 'IT',
  fr: 'FR',
  ar: 'EG',
  tr: 'TR',
  pl: 'PL',
  es: 'ES',
  zh: 'CN',
  ko: 'KR',
  de: 'DE',
  sr: 'RS',
};

/** The week's first day: the profile's start_of_week when set, else the locale's. */
export function firstDayOfWeek(locale: string, startOfWeek?: number | null): number {
  if (startOfWeek !== null && startOfWeek !== undefined && startOfWeek >= 0 && startOfWeek <= 6)
    return startOfWeek;
  const parts = locale.split(/[-_]/);
  const region = (
    parts.find((p, i) => i > 0 && /^[A-Za-z]{2}$/.test(p)) ??
    DEFAULT_REGION[parts[0]!.toLowerCase()] ??
    'US'
  ).toUpperCase();
  if (SUNDAY_REGIONS.has(region)) return 0;
  if (SATURDAY_REGIONS.has(region)) return 6;
  return 1;
}
