import { canRefresh, isAccessTokenValid, type TokenRecord } from '@strata/domain/auth/token-rules';
import type { FieldError } from '@strata/domain/errors';
import { failureMessage } from '@strata/domain/failure-message';
import type { TokenStore } from './token-store';

const PREVIEW_ALLOWED = new Set(['/api/auth/logout', '/api/auth/refresh', '/api/log']);

/** A failed request: the status, the server's code and fields, and the message to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: FieldError[] | undefined,
    readonly type: string | undefined,
    readonly params?: Record<string, string | number>,
    /** The whole error body: a 409 carries the server copy in `current`, invitations `users`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpClientOptions {
  clientVersion: string;
  tokens: TokenStore;
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  newIdempotencyKey?: () => string;
  isOnline?: () => boolean;
  /**
   * Reads may go out while the browser says it is offline, because something on the way can answer
   * them (a service worker with its cache). Changes are still refused at once with 'Offline'.
   */
  readsOffline?: () => boolean;
  /** The refresh was refused with 401: the user must sign in again. */
  onSessionExpired?: () => void;
  /** A password confirmation currently held, sent as X-Authorization-Password. */
  passwordConfirmation?: () => string | null;
  /** The server flagged this client version as too old. */
  onUpdateRequired?: (minimum: string) => void;
  /** Preview mode: changes are refused at once with the given message, nothing is sent. */
  previewMessage?: () => string | null;
  /** The server requires this client to reload at once. */
  onForceReload?: () => void;
  /** A request was answered with success (spec section 8, successful-request). */
  onRequestSucceeded?: (method: string) => void;
  /**
   * A request that was sent got no answer at all (spec section 8, http-disconnected): not a
   * cancellation, not an error status, and not one refused before sending because the browser is offline.
   */
  onNoAnswer?: () => void;
  /**
   * An answer to this plain authenticated read that went out before the client existed (the
   * page's early reads), taken once: it stands in for sending the read again. A failed one is
   * sent again; a 401 is handled as any (refresh, then sent again).
   */
  takeEarlyResponse?: (path: string) => Promise<Response> | undefined;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * The X-Idempotency-Key to send instead of a fresh one: a queued change is replayed with the key
   * it was first sent with, so the server applies it once even if the first answer was lost.
   */
  idempotencyKey?: string;
  /**
   * 'blob': a successful answer comes back as its raw bytes (a file download, byte order mark
   * kept), not parsed as JSON. Failures are HttpError as always. Default 'json'.
   */
  responseType?: 'json' | 'blob';
  /** Given the headers of a successful answer (a list's X-Change-Seq, say) before its body is read. */
  onHeaders?: (headers: Headers) => void;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Trades the refresh cookie for a new token; one refresh at a time however many callers ask. */
  refresh(): Promise<TokenRecord | null>;
}

/**
 * The one way the web app talks to the API: X-Client-Version, a fresh X-Idempotency-Key per
 * non-GET request (kept across its own retry), the bearer token refreshed ahead of expiry and
 * once after a 401, and failures as HttpError with the spec's message.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const base = options.baseUrl ?? '';
  let refreshing: Promise<TokenRecord | null> | null = null;

  async function send(
    method: string,
    path: string,
    opts: RequestOptions,
    key: string | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-version': options.clientVersion,
      ...opts.headers,
    };
    if (key) headers['x-idempotency-key'] = key;
    const confirmation = options.passwordConfirmation?.();
    if (confirmation) headers['x-authorization-password'] = confirmation;
    const token = opts.auth === false ? null : options.tokens.get();
    if (token) headers.authorization = `Bearer ${token.access_token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const fetchNow = () =>
      doFetch(`${base}${path}`, { method, headers, body, credentials: 'include', signal: opts.signal });
    const early = method === 'GET' && token && !opts.headers ? options.takeEarlyResponse?.(path) : undefined;
    const response = early ? await early.catch(fetchNow) : await fetchNow();
    const minimum = response.headers.get('x-update-required');
    if (minimum) options.onUpdateRequired?.(minimum);
    if (response.headers.get('x-force-reload')) options.onForceReload?.();
    return response;
  }

  async function refresh(): Promise<TokenRecord | null> {
    refreshing ??= (async () => {
      try {
        const response = await send(
          'POST',
          '/api/auth/refresh',
          { body: { grantType: 'cookie' }, auth: false },
          newKey(),
        );
        if (response.ok) {
          const { token } = (await response.json()) as { token: TokenRecord };
          options.tokens.set(token);
          return token;
        }
        if (response.status === 401) {
          options.tokens.clear();
          options.onSessionExpired?.();
        }
        return null;
      } catch {
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const isRead = method === 'GET' || method === 'HEAD';
    if (!isOnline() && !(isRead && options.readsOffline?.()))
      throw new HttpError(0, 'Offline', 'OFFLINE', undefined, undefined);
    const preview = method === 'GET' || method === 'HEAD' ? null : options.previewMessage?.();
    // Signing out and page views are allowed in preview mode: they change no one's data.
    if (preview && !PREVIEW_ALLOWED.has(path))
      throw new HttpError(0, preview, 'PREVIEW_MODE', undefined, undefined);
    const key = method === 'GET' || method === 'HEAD' ? undefined : (opts.idempotencyKey ?? newKey());
    const usesAuth = opts.auth !== false;
    const token = usesAuth ? options.tokens.get() : null;
    if (token && !isAccessTokenValid(token, now()) && canRefresh(token, now())) await refresh();

    let response: Response;
    try {
      response = await send(method, path, opts, key);
      if (response.status === 401 && usesAuth && options.tokens.get()) {
        const data = await response
          .clone()
          .json()
          .catch(() => null);
        if (data?.type !== 'reauth' && (await refresh())) response = await send(method, path, opts, key);
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      options.onNoAnswer?.();
      throw new HttpError(0, 'Offline', 'OFFLINE', undefined, undefined);
    }
    if (response.ok) options.onRequestSucceeded?.(method);
    if (response.ok) opts.onHeaders?.(response.headers);
    if (response.ok && opts.responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    const data = text ? safeJson(text) : undefined;
    if (response.status === 503 && (data as { code?: unknown } | undefined)?.code === 'OFFLINE') {
      // The service worker's answer when neither the network nor its cache had one: no answer.
      options.onNoAnswer?.();
      throw new HttpError(0, 'Offline', 'OFFLINE', undefined, undefined);
    }
    if (!response.ok) {
      const body = (data !== null && typeof data === 'object' ? data : null) as {
        message?: string;
        code?: string;
        errors?: FieldError[];
        type?: string;
        params?: Record<string, string | number>;
      } | null;
      throw new HttpError(
        response.status,
        failureMessage(response.status, body),
        body?.code,
        body?.errors,
        body?.type,
        body?.params,
        body ?? undefined,
      );
    }
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    refresh,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
