import { describe, expect, test } from 'vitest';
import {
  alwaysMatchesInside,
  containsPattern,
  mayMatchInside,
  prefixTsQuery,
  searchTerms,
  snippetAround,
} from './search-terms';

describe('search terms', () => {
  test.each([
    ['Fix login', ['fix', 'login']],
    ['  fix   FIX login ', ['fix', 'login']],
    ["login' | !(a & b)", ['login', 'a', 'b']],
    ['über-größe', ['über', 'größe']],
    ['新项目 计划', ['新项目', '计划']],
    ['!!! ---', []],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ])('%j has the words %j', (query, words) => {
    expect(searchTerms(query)).toEqual(words);
  });

  test.each([
    [[], null],
    [['fix'], "'fix':*"],
    [['fix', 'login'], "'fix':* & 'login':*"],
  ])('%j as a prefix query is %j', (terms, text) => {
    expect(prefixTsQuery(terms)).toBe(text);
  });

  test.each([
    ['ab', false, false],
    ['abc', false, true],
    [' ab ', false, false],
    ['项目', true, true],
    ['계획', true, true],
    ['カタ', true, true],
    ['plan 项目', true, true],
  ])('%j is always matched inside words: %s; when its words find nothing: %s', (query, always, fallback) => {
    expect(alwaysMatchesInside(query)).toBe(always);
    expect(mayMatchInside(query)).toBe(fallback);
  });

  test.each([
    ['abc', '%abc%'],
    ['50%_off\\', '%50\\%\\_off\\\\%'],
    ['  trim  ', '%trim%'],
  ])('%j matches anywhere as the LIKE pattern %j', (query, pattern) => {
    expect(containsPattern(query)).toBe(pattern);
  });
});

describe('snippets', () => {
  const long = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The staging server loops forever. ${'Tail words here. '.repeat(10)}`;
  test.each([
    ['short text whole, whitespace folded', 'The   staging\nserver', 'staging', 'The staging server'],
    ['no match', 'The staging server', 'zebra', null],
    ['any case', 'The Staging server', 'STAGING', 'The Staging server'],
  ])('%s', (_label, text, query, snippet) => {
    expect(snippetAround(text, query)).toBe(snippet);
  });

  test('a long text is cut around the first match, at spaces, with ellipses', () => {
    const snippet = snippetAround(long, 'staging loops', 60)!;
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('staging server loops');
    expect(snippet.length).toBeLessThanOrEqual(62);
    expect(snippet.slice(1, -1)).toBe(snippet.slice(1, -1).trim());
  });
});
