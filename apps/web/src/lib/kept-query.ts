import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from './session';
import { readStoredJson, writeStoredJson } from './stored-json';

/**
 * A query whose last confirmed answer this device keeps (in local storage, per person, under
 * `strata.<keptAs>.u<userId>`; sign-out clears it with the rest of the user's storage) and shows
 * while the server is asked again: a reload names people and offers the actions it may at once
 * instead of after a round trip. The kept answer is placeholder data, never mistaken for the
 * server's (`isPlaceholderData`).
 */
export function useKeptQuery<T>(
  keptAs: string,
  options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'placeholderData'>,
) {
  const { profile } = useSession();
  const key = profile ? `strata.${keptAs}.u${profile.id}` : undefined;
  // What the device kept is the query's own earlier answer, written below.
  const placeholderData = (() => (key ? readStoredJson(key) : undefined)) as UseQueryOptions<
    T,
    Error,
    T,
    QueryKey
  >['placeholderData'];
  const query = useQuery<T, Error, T, QueryKey>({ ...options, placeholderData });
  const confirmed = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (confirmed !== undefined && key) writeStoredJson(key, confirmed);
  }, [confirmed, key]);
  return query;
}
