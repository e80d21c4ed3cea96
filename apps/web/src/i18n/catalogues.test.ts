import { readFileSync } from 'node:fs';
import { LOCALES } from '@strata/domain/constants';
import { describe, expect, test } from 'vitest';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const load = (locale: string) =>
  leaves(JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Tree);
const english = load('en-US');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

/** i18next plural keys end in a CLDR category: `members_one`, `members_few`, … */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = new Set(
  [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
);
const isPluralOf = (key: string) => (PLURAL.test(key) ? key.replace(PLURAL, '') : undefined);

describe.each(LOCALES.filter((l) => l !== 'en-US'))('the %s catalogue', (locale) => {
  const catalogue = load(locale);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  test('has every plain key of en-US and no other', () => {
    const plain = (keys: Iterable<string>) =>
      [...keys].filter((k) => !pluralBases.has(isPluralOf(k) ?? '')).sort();
    expect(plain(catalogue.keys())).toEqual(plain(english.keys()));
  });

  test('has every plural form its language needs, for every plural key of en-US', () => {
    const missing = [...pluralBases].flatMap((base) =>
      categories.map((category) => `${base}_${category}`).filter((key) => !catalogue.has(key)),
    );
    expect(missing).toEqual([]);
  });

  test('has no empty value', () => {
    expect([...catalogue].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  test('keeps every placeholder of the English text (plural forms may leave out the count)', () => {
    const broken = [...catalogue].filter(([key, text]) => {
      const base = isPluralOf(key);
      if (base && pluralBases.has(base)) {
        const allowed = placeholders(english.get(`${base}_other`) ?? '');
        return placeholders(text).some((p) => !allowed.includes(p));
      }
      const source = english.get(key);
      return source !== undefined && placeholders(text).join() !== placeholders(source).join();
    });
    expect(broken.map(([k]) => k)).toEqual([]);
  });
});

/**
 * Serbian is written in Cyrillic here. Latin words that stay as they are: the product's name,
 * file formats and units, key names, formula functions and codes, link schemes, currency codes,
 * example addresses, and other products' names.
 */
const SERBIAN_LATIN_WORDS = new Set([
  'Strata',
  'PNG',
  'JPEG',
  'GIF',
  'WebP',
  'MB',
  'DELETE',
  'Enter',
  'Escape',
  'Shift',
  'URL',
  'CSV',
  'ID',
  'ISO',
  'SUBITEMS',
  'REF',
  'http',
  'https',
  'mailto',
  'USD',
  'EUR',
  'Google',
  'Outlook',
  'Apple',
]);

test('the Serbian catalogue is written in Cyrillic', () => {
  const latin = [...load('sr')].flatMap(([key, text]) =>
    (text.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/[A-Za-z][A-Za-z.@-]*[A-Za-z]/g) ?? [])
      .filter((word) => !SERBIAN_LATIN_WORDS.has(word) && !word.endsWith('@example.com'))
      .map((word) => `${key}: ${word}`),
  );
  expect(latin).toEqual([]);
});
