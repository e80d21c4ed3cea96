/**
 * What this device keeps as JSON in local storage, read and written without ever throwing: a
 * missing, damaged or unreadable entry reads as undefined, and a full or blocked storage only
 * means the next load asks the server again.
 */
export function readStoredJson(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // full or blocked storage: kept nowhere, which costs a request later
  }
}
