import { describe, expect, it } from 'vitest';
import { type CommentPermission, mayDeleteComment, mayEditComment, replyRootId } from './comment-rules';

const granted =
  (...permissions: CommentPermission[]) =>
  (permission: CommentPermission) =>
    permissions.includes(permission);

const AUTHOR = 1;
const OTHER = 2;

describe('mayEditComment', () => {
  it.each([
    { who: AUTHOR, grants: granted('ADD_COMMENTS'), allowed: true },
    { who: AUTHOR, grants: granted(), allowed: false },
    { who: AUTHOR, grants: granted('DELETE_COMMENTS', 'PIN_COMMENTS'), allowed: false },
    { who: OTHER, grants: granted('ADD_COMMENTS', 'DELETE_COMMENTS', 'PIN_COMMENTS'), allowed: false },
  ])('user $who -> $allowed', ({ who, grants, allowed }) => {
    expect(mayEditComment({ createdBy: AUTHOR }, who, grants)).toBe(allowed);
  });

  it('a comment whose author is gone is edited by no one', () => {
    expect(mayEditComment({ createdBy: null }, AUTHOR, granted('ADD_COMMENTS'))).toBe(false);
  });

  it.each([
    { visitorName: 'Lena', allowed: false },
    { visitorName: null, allowed: true },
  ])(
    "a visitor's comment ($visitorName), written in the sharer's name -> $allowed",
    ({ visitorName, allowed }) => {
      expect(mayEditComment({ createdBy: AUTHOR, visitorName }, AUTHOR, granted('ADD_COMMENTS'))).toBe(
        allowed,
      );
    },
  );
});

describe('mayDeleteComment', () => {
  it.each([
    { who: AUTHOR, grants: granted('ADD_COMMENTS'), allowed: true },
    { who: AUTHOR, grants: granted(), allowed: false },
    { who: OTHER, grants: granted('ADD_COMMENTS'), allowed: false },
    { who: OTHER, grants: granted('ADD_COMMENTS', 'PIN_COMMENTS'), allowed: false },
    { who: OTHER, grants: granted('DELETE_COMMENTS'), allowed: true },
    { who: AUTHOR, grants: granted('DELETE_COMMENTS'), allowed: true },
  ])('user $who -> $allowed', ({ who, grants, allowed }) => {
    expect(mayDeleteComment({ createdBy: AUTHOR }, who, grants)).toBe(allowed);
  });
});

describe('replyRootId', () => {
  it.each([
    [{ id: 'a', parentId: null }, 'a'],
    [{ id: 'b', parentId: 'a' }, 'a'],
  ])('%j -> %s', (parent, root) => {
    expect(replyRootId(parent)).toBe(root);
  });
});
