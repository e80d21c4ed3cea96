import { describe, expect, it } from 'vitest';
import { MENTION_LIST_MAX, matchMembers } from './mention-match';

const members = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Milo Member' },
  { id: 3, name: 'Émile Zola' },
  { id: 4, name: 'Camilo Ruiz' },
  { id: 5, name: 'رنا سالم' },
];

describe('matchMembers', () => {
  it.each([
    ['', [1, 2, 3, 4, 5]],
    ['mil', [2, 3, 4]],
    ['MIL', [2, 3, 4]],
    ['emile', [3]],
    ['zol', [3]],
    ['ruiz', [4]],
    ['lo', [1, 2, 4]],
    ['رنا', [5]],
    ['سال', [5]],
    ['nobody', []],
  ])('%j -> %j', (query, ids) => {
    expect(matchMembers(members, query).map((member) => member.id)).toEqual(ids);
  });

  it('names starting with the query come before names containing it', () => {
    expect(matchMembers(members, 'mil').map((member) => member.id)).toEqual([2, 3, 4]);
    expect(
      matchMembers(
        [
          { id: 9, name: 'Camilla' },
          { id: 8, name: 'Milan' },
        ],
        'mil',
      ).map((m) => m.id),
    ).toEqual([8, 9]);
  });

  it(`shows at most ${MENTION_LIST_MAX}`, () => {
    const many = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: `Sam ${index}` }));
    expect(matchMembers(many, 'sam')).toHaveLength(MENTION_LIST_MAX);
  });
});
