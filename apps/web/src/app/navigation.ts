import { flattenRoutes, PRESERVED_QUERY_KEYS } from './route-tree';

type Values = Record<string, string | number | null | undefined>;

const NAMED = new Map(
  flattenRoutes()
    .filter((route) => route.name)
    .map((route) => [route.name!, route.fullPath]),
);

export function namedRoutePath(name: string): string {
  const path = NAMED.get(name);
  if (!path) throw new Error(`Unknown route name: ${name}`);
  return path;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The href of a named route. Empty param and query values are dropped (an optional segment then
 * disappears; a required one is an error); `pretend` and `hide_header` carry over from the
 * current query unless the target sets them.
 */
export function hrefFor(
  name: string,
  params: Values = {},
  query: Values = {},
  current?: URLSearchParams,
): string {
  const template = namedRoutePath(name);
  const path = template
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (isEmpty(value)) {
        if (optional) return null;
        throw new Error(`Route ${name} needs the param ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join('/');
  const search = new URLSearchParams();
  for (const key of PRESERVED_QUERY_KEYS) {
    const carried = current?.get(key);
    if (!isEmpty(carried) && !(key in query)) search.set(key, carried!);
  }
  for (const [key, value] of Object.entries(query)) {
    if (!isEmpty(value)) search.set(key, String(value));
  }
  const text = search.toString();
  return `${path || '/'}${text ? `?${text}` : ''}`;
}

/** Carries the preserved query keys onto any in-app target path. */
export function withPreservedQuery(target: string, current: URLSearchParams): string {
  const url = new URL(target, 'http://app.invalid');
  for (const key of PRESERVED_QUERY_KEYS) {
    const carried = current.get(key);
    if (!isEmpty(carried) && !url.searchParams.has(key)) url.searchParams.set(key, carried!);
  }
  for (const [key, value] of [...url.searchParams.entries()]) if (value === '') url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface PublishedRef {
  kind: 'document' | 'file' | 'item';
  workspaceId: number;
  viewId: string;
}

/** `/p/e{workspaceId}-{viewId}`, `/p/f…`, `/p/i…`: the published-view reference of spec section 2. */
export function parsePublishedRef(ref: string): PublishedRef | null {
  const match = /^([efi])(\d+)-([A-Za-z0-9-]+)$/.exec(ref);
  if (!match) return null;
  const kinds = { e: 'document', f: 'file', i: 'item' } as const;
  return { kind: kinds[match[1] as 'e' | 'f' | 'i'], workspaceId: Number(match[2]), viewId: match[3]! };
}
