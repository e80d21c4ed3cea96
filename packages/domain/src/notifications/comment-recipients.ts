/**
 * Who is told of a new comment (docs/notifications.md). An item's followers are its creator, the
 * people of its members attributes, everyone who commented on it, those who follow it by hand and
 * those who follow a view showing it, less those who stopped following the item. The mentioned are told they were mentioned (and only that),
 * the other followers that a comment was written; the author is never told of their own comment,
 * and only people who see the item are told anything.
 */
export interface CommentAudience {
  actorId: number | null;
  /** The item's creator, or null when their account is gone. */
  creatorId: number | null;
  /** The user ids in the item's members attributes. */
  memberValueIds: readonly number[];
  /** Authors of the item's comments (this one's included). */
  commenterIds: readonly number[];
  /** People who chose to follow the item. */
  followingIds: readonly number[];
  /** People who follow a view that shows the item (docs/notifications.md "Following a view"). */
  viewFollowerIds?: readonly number[];
  /** People who chose to stop following it (they are not followers, whatever else holds). */
  unfollowedIds: readonly number[];
  /** The members the comment mentions. */
  mentionedIds: readonly number[];
  /** Whether a user sees the item (its board and folder); the others are told nothing. */
  canSee(userId: number): boolean;
}

export interface CommentRecipients {
  /** MentionedInCommentNotification. */
  mentioned: number[];
  /** CommentCreatedNotification. */
  followers: number[];
}

/** The followers of an item: implicit ones and manual ones, less those who stopped following. */
export function itemFollowers(
  audience: Omit<CommentAudience, 'actorId' | 'mentionedIds' | 'canSee'>,
): number[] {
  const stopped = new Set(audience.unfollowedIds);
  const all = [
    ...(audience.creatorId === null ? [] : [audience.creatorId]),
    ...audience.memberValueIds,
    ...audience.commenterIds,
    ...audience.followingIds,
    ...(audience.viewFollowerIds ?? []),
  ];
  return [...new Set(all)].filter((id) => !stopped.has(id));
}

export function commentRecipients(audience: CommentAudience): CommentRecipients {
  const isOther = (id: number) => id !== audience.actorId && audience.canSee(id);
  const mentioned = [...new Set(audience.mentionedIds)].filter(isOther);
  const told = new Set(mentioned);
  const followers = itemFollowers(audience).filter((id) => isOther(id) && !told.has(id));
  return { mentioned, followers };
}

/** A reaction tells the comment's author, unless they reacted themselves or no longer see it. */
export function reactionRecipient(options: {
  actorId: number;
  authorId: number | null;
  canSee(userId: number): boolean;
}): number | null {
  const { actorId, authorId } = options;
  if (authorId === null || authorId === actorId || !options.canSee(authorId)) return null;
  return authorId;
}

/**
 * Who is told they were subscribed to an item (UserSubscribedNotification): the people named who
 * did not follow it already, never the one subscribing, each once, and only who sees the item.
 */
export function subscribedRecipients(options: {
  actorId: number;
  named: readonly number[];
  followersBefore: readonly number[];
  canSee(userId: number): boolean;
}): number[] {
  const before = new Set(options.followersBefore);
  return [...new Set(options.named)].filter(
    (id) => id !== options.actorId && !before.has(id) && options.canSee(id),
  );
}
