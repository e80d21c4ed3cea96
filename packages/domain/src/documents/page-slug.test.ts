import { describe, expect, test } from 'vitest';
import { itemIdOfSlug, pageSlug, parsePublishedSiteKey, publishedSiteKey } from './page-slug';

const ID = '0b6f3a52-8c1e-4f7a-9d2b-5e4c3b2a1f00';

describe('page slugs', () => {
  test.each([
    ['Launch plan', `launch-plan-${ID}`],
    ['  Q3: Mobile Launch – Marketing & Growth!  ', `q3-mobile-launch-marketing-growth-${ID}`],
    ['العطلات الرسمية', `العطلات-الرسمية-${ID}`],
    ['', ID],
    ['!!!', ID],
    ['a'.repeat(100), `${'a'.repeat(60)}-${ID}`],
  ])('%j -> %s', (title, slug) => {
    expect(pageSlug(title, ID)).toBe(slug);
    expect(itemIdOfSlug(slug)).toBe(ID);
  });

  test.each([['launch-plan'], ['launch-plan-0b6f3a52'], [''], [`${ID}x`]])('%j names no item', (slug) => {
    expect(itemIdOfSlug(slug)).toBeNull();
  });
});

describe('site keys', () => {
  test.each(['e', 'i', 'f'] as const)('round trip of an %s key', (kind) => {
    expect(parsePublishedSiteKey(publishedSiteKey(12, ID, kind))).toEqual({ kind, teamId: 12, viewId: ID });
  });
  test('a site key is e by default, and the kind is read in either case', () => {
    expect(publishedSiteKey(12, ID)).toBe(`e12-${ID}`);
    expect(parsePublishedSiteKey(`I12-${ID}`)).toEqual({ kind: 'i', teamId: 12, viewId: ID });
  });
  test.each([
    [`e0-${ID}`],
    [`12-${ID}`],
    [`e12-${ID.slice(1)}`],
    [`e99999999999-${ID}`],
    [`g12-${ID}`],
    [`ei12-${ID}`],
    ['e12-'],
  ])('%s is not a site', (key) => {
    expect(parsePublishedSiteKey(key)).toBeNull();
  });
});
