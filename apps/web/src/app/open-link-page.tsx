import { Navigate, useSearchParams } from 'react-router';

/** The scheme of Strata's native deep links (the web manifest's protocol handler). */
const DEEP_LINK_SCHEME = 'web+strata:';

/**
 * The in-app path a deep link names: `web+strata://team/5/members` (the browser hands the whole
 * link to /open?url=...), `web+strata:/team/5` or a plain path `/team/5`. Null for anything that
 * could leave this origin: another scheme, `//host`, backslashes or control characters (which
 * browsers drop or turn into slashes).
 */
export function deepLinkPath(value: string | null, origin: string): string | null {
  if (!value) return null;
  let path = value.trim();
  if (path.toLowerCase().startsWith(DEEP_LINK_SCHEME))
    path = `/${path.slice(DEEP_LINK_SCHEME.length).replace(/^\/+/, '')}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return null;
  const url = new URL(path, origin);
  if (url.origin !== origin || url.pathname === '/open') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /open?url=...: goes to the in-app page a deep link names. A link it refuses goes home, as
 * /redirect does with a target it refuses.
 */
export function OpenLinkPage() {
  const [params] = useSearchParams();
  return <Navigate to={deepLinkPath(params.get('url'), window.location.origin) ?? '/home'} replace />;
}
