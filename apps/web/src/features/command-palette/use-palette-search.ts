import { type SearchHit, type SearchPage, searchPath } from '@strata/contracts/search';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

/** How long typing must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 150;
const PAGE_SIZE = 20;

export interface PaletteSearch {
  /** idle: nothing to search (no text, no workspace). */
  status: 'idle' | 'loading' | 'error' | 'done';
  hits: SearchHit[];
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The text the hits are for (what to highlight). */
  query: string;
  loadMore(): void;
  retry(): void;
}

function fetchPage(
  q: string,
  teamId: number,
  after: string | null,
  signal: AbortSignal,
): Promise<SearchPage> {
  const params = new URLSearchParams({ q, team_id: String(teamId), limit: String(PAGE_SIZE) });
  if (after) params.set('after', after);
  return api.get<SearchPage>(`${searchPath}?${params}`, { signal });
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * The workspace's search (`GET /api/search`) for what is typed: asked once typing pauses, an
 * answer to an older text dropped (its request cancelled), the next page on `loadMore`.
 */
export function usePaletteSearch(text: string, teamId: number | undefined): PaletteSearch {
  const trimmed = text.trim();
  const [query, setQuery] = useState(trimmed);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    status: PaletteSearch['status'];
    hits: SearchHit[];
    after: string | null;
    isLoadingMore: boolean;
  }>({ status: 'idle', hits: [], after: null, isLoadingMore: false });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on purpose
  useEffect(() => {
    controller.current?.abort();
    if (query === '' || teamId === undefined) {
      setState({ status: 'idle', hits: [], after: null, isLoadingMore: false });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    // The hits of the text before stay in view until this answer replaces them (no flicker).
    setState((previous) => ({ ...previous, status: 'loading', after: null, isLoadingMore: false }));
    fetchPage(query, teamId, null, current.signal).then(
      (page) => setState({ status: 'done', hits: page.data, after: page.after, isLoadingMore: false }),
      (error: unknown) => {
        if (!isAbort(error) && !current.signal.aborted)
          setState({ status: 'error', hits: [], after: null, isLoadingMore: false });
      },
    );
    return () => current.abort();
  }, [query, teamId, attempt]);

  const loadMore = useCallback(() => {
    const signal = controller.current?.signal;
    if (!signal || teamId === undefined || state.after === null || state.isLoadingMore) return;
    const after = state.after;
    setState((previous) => ({ ...previous, isLoadingMore: true }));
    fetchPage(query, teamId, after, signal).then(
      (page) =>
        setState((previous) => ({
          status: 'done',
          hits: [...previous.hits, ...page.data],
          after: page.after,
          isLoadingMore: false,
        })),
      (error: unknown) => {
        if (!isAbort(error) && !signal.aborted)
          setState((previous) => ({ ...previous, status: 'error', isLoadingMore: false }));
      },
    );
  }, [query, teamId, state.after, state.isLoadingMore]);

  const isWaiting = trimmed !== query && trimmed !== '' && teamId !== undefined;
  return {
    status: isWaiting ? 'loading' : state.status,
    hits: state.hits,
    hasMore: state.after !== null,
    isLoadingMore: state.isLoadingMore,
    query,
    loadMore,
    retry: () => setAttempt((count) => count + 1),
  };
}
