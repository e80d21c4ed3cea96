/** What head/early-reads.js sent before the app's code ran. */
interface EarlyReads {
  reads: Record<string, Promise<Response> | undefined>;
  until: number;
}

/**
 * The answer to a read the page sent before the app's code ran (head/early-reads.js), taken
 * once: the first read of that path in the app uses it instead of sending again. Only while the
 * page is loading; after that a read is sent as usual.
 */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const early = (window as { strataEarlyReads?: EarlyReads }).strataEarlyReads;
  const read = early?.reads[path];
  if (!early || !read) return undefined;
  delete early.reads[path];
  return Date.now() < early.until ? read : undefined;
}
