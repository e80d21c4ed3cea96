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
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(LOCALES.filter((l) => l !== 'en-US'))('the %s catalogue', (locale) => {
  const catalogue = load(locale);

  test('has every key of en-US and no other', () => {
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
  });

  test('has no empty value', () => {
    expect([...catalogue].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  test('keeps every placeholder of the English text', () => {
    const broken = [...english].filter(([key, text]) => {
      const translated = catalogue.get(key);
      return translated !== undefined && placeholders(translated).join() !== placeholders(text).join();
    });
    expect(broken.map(([k]) => k)).toEqual([]);
  });
});
