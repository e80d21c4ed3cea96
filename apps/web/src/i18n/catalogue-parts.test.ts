import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cataloguePart } from '../../vite/catalogue-parts';
import { CATALOGUE_PARTS, SHELL_PART } from './catalogue-parts';

const english = JSON.parse(readFileSync(new URL('./locales/en-US.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

describe('parts of the English catalogue', () => {
  test.each(Object.entries(CATALOGUE_PARTS))(
    'every section of the %s part is in the catalogue',
    (_part, sections) => {
      expect(sections.filter((section) => !(section in english))).toEqual([]);
    },
  );

  test('the shell and the parts hold every section exactly once', () => {
    const pieces = [SHELL_PART, ...Object.keys(CATALOGUE_PARTS)].map((part) => cataloguePart(english, part));
    const sections = pieces.flatMap((piece) => Object.keys(piece)).sort();
    expect(sections).toEqual(Object.keys(english).sort());
    expect(Object.assign({}, ...pieces)).toEqual(english);
  });

  test('the shell leaves out the parts; a part holds only its sections', () => {
    expect(Object.keys(cataloguePart(english, SHELL_PART))).not.toContain('views');
    expect(Object.keys(cataloguePart(english, SHELL_PART))).toContain('auth');
    expect(Object.keys(cataloguePart(english, 'views')).sort()).toEqual([...CATALOGUE_PARTS.views].sort());
  });
});
