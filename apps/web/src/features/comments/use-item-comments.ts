import type { Comment } from '@strata/contracts/comments';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChannel } from '../../lib/use-channel';
import { useDebouncedInvalidate } from '../../lib/use-debounced-invalidate';
import { commentsQueryKey, fetchComments } from './comments-api';

/** Events of the board's channel about comments. */
const COMMENT_EVENTS = [
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'comment.reaction.created',
  'comment.reaction.deleted',
] as const;
/** How long a push waits for more before the comments are read again. */
const REFRESH_DELAY_MS = 150;

/** Whether a pushed comment event is about this item's comments (one without data may be). */
export function touchesItemComments(payload: unknown, itemId: string): boolean {
  // Not readPush: a reaction's event has no row_version of its own.
  const push = payload as { type?: unknown; data?: { item_id?: unknown } } | null;
  if (!push || typeof push !== 'object' || typeof push.type !== 'string') return false;
  if (!push.type.startsWith('comment.')) return false;
  return !push.data || typeof push.data !== 'object' || push.data.item_id === itemId;
}

export interface ItemComments {
  comments: Comment[];
  /** Live comments of the item, replies included. */
  count: number;
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore(): void;
  /** Reads the comments again (after a write of one's own). */
  refresh(): void;
}

/**
 * An item's comments, pinned first then newest first, a page at a time, each with its replies.
 * Live: a comment event of the board's channel about this item reads them again (after a burst,
 * once), as does a subscription that comes back after the socket was down.
 */
export function useItemComments(teamId: number, boardId: string, itemId: string): ItemComments {
  const queryClient = useQueryClient();
  const queryKey = commentsQueryKey(teamId, itemId);
  const refresh = useDebouncedInvalidate(queryKey, REFRESH_DELAY_MS);
  const handlers = useMemo(() => {
    const onComment = (payload: unknown) => {
      if (touchesItemComments(payload, itemId)) refresh();
    };
    return {
      ...Object.fromEntries(COMMENT_EVENTS.map((event) => [event, onComment])),
      'pusher:subscription_succeeded': refresh,
    };
  }, [refresh, itemId]);
  useChannel(`private-team.${teamId}.board.${boardId}`, handlers);

  const query = useInfiniteQuery({
    queryKey,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam }) => fetchComments(teamId, itemId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? (last.after ?? undefined) : undefined),
    retry: false,
  });
  const pages = query.data?.pages;
  const comments = useMemo(() => {
    // A comment that moved between pages while they were read (a pin) shows once.
    const seen = new Set<string>();
    return (pages ?? [])
      .flatMap((page) => page.data)
      .filter((comment) => !seen.has(comment.id) && seen.add(comment.id));
  }, [pages]);
  return {
    comments,
    count: pages?.[0]?.counts[itemId] ?? 0,
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    refresh: () => void queryClient.invalidateQueries({ queryKey }),
  };
}
