import { describe, expect, it } from 'vitest';
import {
  type CommentAudience,
  commentRecipients,
  itemFollowers,
  reactionRecipient,
  subscribedRecipients,
} from './comment-recipients';

const base: CommentAudience = {
  actorId: 1,
  creatorId: 2,
  memberValueIds: [],
  commenterIds: [1],
  followingIds: [],
  unfollowedIds: [],
  mentionedIds: [],
  canSee: () => true,
};

describe('commentRecipients', () => {
  it.each([
    { name: 'the creator hears of a comment', change: {}, mentioned: [], followers: [2] },
    { name: 'the author is never told', change: { creatorId: 1 }, mentioned: [], followers: [] },
    {
      name: 'people of a members attribute and earlier commenters follow',
      change: { memberValueIds: [3, 4], commenterIds: [1, 5] },
      mentioned: [],
      followers: [2, 3, 4, 5],
    },
    { name: 'a manual follower follows', change: { followingIds: [6] }, mentioned: [], followers: [2, 6] },
    {
      name: 'a follower of a view showing the item hears of its comments',
      change: { viewFollowerIds: [8, 2] },
      mentioned: [],
      followers: [2, 8],
    },
    {
      name: 'a view follower who stopped following the item is not told',
      change: { viewFollowerIds: [8], unfollowedIds: [8] },
      mentioned: [],
      followers: [2],
    },
    {
      name: 'a view follower who does not see the item is not told',
      change: { viewFollowerIds: [8], canSee: (id: number) => id !== 8 },
      mentioned: [],
      followers: [2],
    },
    {
      name: 'the author following the view is not told',
      change: { viewFollowerIds: [1] },
      mentioned: [],
      followers: [2],
    },
    {
      name: 'who stopped following is not told of comments',
      change: { memberValueIds: [3], unfollowedIds: [2, 3] },
      mentioned: [],
      followers: [],
    },
    {
      name: 'a mentioned follower is told once, of the mention',
      change: { mentionedIds: [2, 7] },
      mentioned: [2, 7],
      followers: [],
    },
    {
      name: 'a mention reaches even who stopped following',
      change: { unfollowedIds: [2], mentionedIds: [2] },
      mentioned: [2],
      followers: [],
    },
    { name: 'mentioning oneself tells no one', change: { mentionedIds: [1] }, mentioned: [], followers: [2] },
    {
      name: 'who cannot see the item is told nothing',
      change: { mentionedIds: [7], memberValueIds: [8], canSee: (id: number) => id !== 7 && id !== 8 },
      mentioned: [],
      followers: [2],
    },
    {
      name: 'a deleted creator is no one',
      change: { creatorId: null, mentionedIds: [3, 3] },
      mentioned: [3],
      followers: [],
    },
  ])('$name', ({ change, mentioned, followers }) => {
    expect(commentRecipients({ ...base, ...change })).toEqual({ mentioned, followers });
  });
});

describe('itemFollowers', () => {
  it('lists each follower once, in the order creator, members, commenters, manual', () => {
    expect(
      itemFollowers({
        creatorId: 4,
        memberValueIds: [5, 4],
        commenterIds: [6, 5],
        followingIds: [7, 4],
        unfollowedIds: [6],
      }),
    ).toEqual([4, 5, 7]);
  });
});

describe('reactionRecipient', () => {
  it.each([
    { actorId: 1, authorId: 2, sees: true, told: 2 },
    { actorId: 2, authorId: 2, sees: true, told: null },
    { actorId: 1, authorId: null, sees: true, told: null },
    { actorId: 1, authorId: 2, sees: false, told: null },
  ])('actor $actorId, author $authorId, sees $sees -> $told', ({ actorId, authorId, sees, told }) => {
    expect(reactionRecipient({ actorId, authorId, canSee: () => sees })).toBe(told);
  });
});

describe('subscribedRecipients', () => {
  const hidden = new Set([9]);
  it.each([
    { name: 'the people named are told', named: [2, 3], before: [], told: [2, 3] },
    { name: 'the one subscribing is never told', named: [1, 2], before: [], told: [2] },
    { name: 'who followed already is not told again', named: [2, 3], before: [3], told: [2] },
    { name: 'each once, in the order named', named: [3, 2, 3], before: [], told: [3, 2] },
    { name: 'who does not see the item is told nothing', named: [2, 9], before: [], told: [2] },
    { name: 'nobody new: nothing', named: [1, 4], before: [4], told: [] },
  ])('$name', ({ named, before, told }) => {
    expect(
      subscribedRecipients({ actorId: 1, named, followersBefore: before, canSee: (id) => !hidden.has(id) }),
    ).toEqual(told);
  });
});
