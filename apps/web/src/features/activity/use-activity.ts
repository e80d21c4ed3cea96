import type { ActivityAttribute, ActivityEntry, ActivityPage } from '@strata/contracts/activity';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { teamQueryKey } from '../workspaces';
import { useActivityLive } from './use-activity-live';

/** Entries per page: the board's screen and an item's section ask for this many at a time. */
export const ACTIVITY_PAGE = 30;

export const activityQueryKey = (teamId: number, boardId: string, itemId?: string) =>
  [...teamQueryKey(teamId), 'activity', boardId, itemId ?? null] as const;

export interface ActivityFeed {
  entries: ActivityEntry[];
  attributes: ReadonlyMap<string, ActivityAttribute>;
  itemNames: Record<string, string>;
  folderNames: Record<string, string>;
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore(): void;
}

/**
 * A board's activity (or one item's, with `itemId`), newest first, a page at a time: the pages'
 * entries in one list, with the attributes and names they name merged (the first page's copy
 * wins). Live: a pushed change that touches the log reads it again (`useActivityLive`), showing
 * the old entries meanwhile.
 */
export function useActivity(teamId: number, boardId: string, itemId?: string): ActivityFeed {
  const queryKey = activityQueryKey(teamId, boardId, itemId);
  useActivityLive(queryKey, teamId, boardId, itemId);
  const query = useInfiniteQuery({
    queryKey,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE) });
      if (itemId) params.set('item_id', itemId);
      if (pageParam !== null) params.set('before', String(pageParam));
      return api.get<ActivityPage>(`/api/${teamId}/boards/${encodeURIComponent(boardId)}/activity?${params}`);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more ? last.before : undefined),
    retry: false,
  });
  const pages = query.data?.pages;
  const merged = useMemo(() => {
    const attributes = new Map<string, ActivityAttribute>();
    const itemNames: Record<string, string> = {};
    const folderNames: Record<string, string> = {};
    for (const page of pages ?? []) {
      for (const attribute of page.attributes)
        if (!attributes.has(attribute.id)) attributes.set(attribute.id, attribute);
      for (const [id, name] of Object.entries(page.names.items)) itemNames[id] ??= name;
      for (const [id, name] of Object.entries(page.names.folders)) folderNames[id] ??= name;
    }
    return { entries: (pages ?? []).flatMap((page) => page.data), attributes, itemNames, folderNames };
  }, [pages]);
  return {
    ...merged,
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
