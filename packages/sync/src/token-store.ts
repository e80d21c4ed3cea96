import { assertTokenRecord, type TokenRecord } from '@strata/domain/auth/token-rules';

/** Where the client keeps its access-token record. */
export interface TokenStore {
  get(): TokenRecord | null;
  set(token: TokenRecord): void;
  clear(): void;
}

export function memoryTokenStore(initial: TokenRecord | null = null): TokenStore {
  let current = initial;
  return {
    get: () => current,
    set: (token) => {
      assertTokenRecord(token);
      current = token;
    },
    clear: () => {
      current = null;
    },
  };
}

/** A store over Web Storage (localStorage in the browser); a corrupt entry counts as none. */
export function webStorageTokenStore(storage: Storage, key = 'strata.token'): TokenStore {
  return {
    get() {
      const raw = storage.getItem(key);
      if (!raw) return null;
      try {
        const value: unknown = JSON.parse(raw);
        assertTokenRecord(value);
        return value;
      } catch {
        storage.removeItem(key);
        return null;
      }
    },
    set(token) {
      assertTokenRecord(token);
      storage.setItem(key, JSON.stringify(token));
    },
    clear: () => storage.removeItem(key),
  };
}
