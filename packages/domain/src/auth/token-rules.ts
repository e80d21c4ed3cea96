import { TOKEN_MARGIN_MS } from '../constants';

/** The access-token record of spec section 3. */
export interface TokenRecord {
  access_token: string;
  /** Seconds from created_at until the access token expires. */
  expires_in: number;
  /** Seconds from created_at until the refresh token expires. */
  refresh_expires_in: number;
  /** ISO 8601 time the record was issued. */
  created_at: string;
  /** Only for grantType 'token' (native clients); web clients hold it in an HTTP-only cookie. */
  refresh_token?: string;
}

/** Throws the spec's message when a stored or received record lacks its access token. */
export function assertTokenRecord(value: unknown): asserts value is TokenRecord {
  if (!value || typeof value !== 'object' || typeof (value as TokenRecord).access_token !== 'string') {
    throw new Error('Access Token does not have required property access_token.');
  }
}

/** An access token counts as valid until 5 s before its real expiry. */
export function isAccessTokenValid(token: TokenRecord, nowMs: number): boolean {
  const issued = Date.parse(token.created_at);
  if (Number.isNaN(issued)) return false;
  return nowMs < issued + token.expires_in * 1000 - TOKEN_MARGIN_MS;
}

/** A refresh is attempted only while created_at + refresh_expires_in - 5 s is in the future. */
export function canRefresh(token: TokenRecord, nowMs: number): boolean {
  const issued = Date.parse(token.created_at);
  if (Number.isNaN(issued)) return false;
  return nowMs < issued + token.refresh_expires_in * 1000 - TOKEN_MARGIN_MS;
}
