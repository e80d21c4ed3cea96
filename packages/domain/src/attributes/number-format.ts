import type { NumberSettings } from './attribute-settings';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(settings: NumberSettings, locale: string): Intl.NumberFormat {
  const key = `${locale}|${settings.format}|${settings.decimals}|${settings.currency}|${settings.thousandsSeparator}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.NumberFormatOptions = { useGrouping: settings.thousandsSeparator };
    if (settings.format === 'currency') {
      options.style = 'currency';
      options.currency = settings.currency;
    } else if (settings.format === 'percent') {
      options.style = 'percent';
    }
    if (settings.decimals !== null) {
      options.minimumFractionDigits = settings.decimals;
      options.maximumFractionDigits = settings.decimals;
    } else if (settings.format !== 'currency') {
      options.maximumFractionDigits = 10;
    }
    formatter = safeFormatter(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function safeFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // An unknown currency code or locale must not break a whole table.
    return new Intl.NumberFormat('en-US', { ...options, currency: options.currency ? 'USD' : undefined });
  }
}

export const DEFAULT_NUMBER_SETTINGS: NumberSettings = {
  format: 'number',
  decimals: null,
  currency: 'USD',
  thousandsSeparator: true,
};

/**
 * A number as the renderer shows it. Percent values are stored as typed: 25 shows as 25 %
 * (in the locale's way of writing percent), not 2500 %.
 */
export function formatNumber(
  value: number,
  settings: Partial<NumberSettings> = {},
  locale = 'en-US',
): string {
  const full = { ...DEFAULT_NUMBER_SETTINGS, ...settings };
  const shown = full.format === 'percent' ? value / 100 : value;
  return formatterFor(full, locale).format(shown);
}

const separators = new Map<string, { group: string; decimal: string }>();

function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(locale, found);
  }
  return found;
}

/**
 * Reads a number typed or exported in a locale: '1,234.5', '1.234,5' (de), '$ 12.00', '25%',
 * '-3', '(3)'. Null when the text holds no number.
 */
export function parseNumberText(text: string, locale = 'en-US'): number | null {
  const { group, decimal } = separatorsOf(locale);
  let s = text.trim();
  const negative = /^\(.*\)$/.test(s) || /^[^\d]*[-\u2212]/.test(s);
  // Currency signs and codes before, and percent or units after, are display only.
  s = s.replace(/^[^\d.,]+/, '').replace(/[^\d.,]+$/, '');
  s = s.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(s)) return null;
  let mark = decimal;
  // A plain '1234.5' is read the same in every locale ('1.234' stays a thousands group where '.' groups).
  if (
    !s.includes(decimal) &&
    decimal !== '.' &&
    /^\d+\.\d+$/.test(s) &&
    (group !== '.' || !/^\d{1,3}\.\d{3}$/.test(s))
  )
    mark = '.';
  const parts = s.split(mark);
  if (parts.length > 2) return null;
  const whole = parts[0]!.split(mark === decimal ? group : ',').join('');
  const fraction = parts[1] ?? '';
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}
