/**
 * For tests: a promise and the functions that settle it, for an answer the test releases (or
 * fails) when it wants.
 */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
