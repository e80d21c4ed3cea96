/** Status-message timings of spec section 9. */
export const STATUS_IDLE_DELAY_MS = 10_000;
export const STATUS_MIN_INTERVAL_MS = 45_000;

export interface StatusPollerDeps {
  /** GET {base}/message: answers the status and, for 200, the parsed JSON. */
  fetchMessage(): Promise<{ status: number; body?: unknown }>;
  onContent(content: string | null): void;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/**
 * Polls the status-message service: 10 s after activity stops, at most once per 45 s, never
 * while the page is hidden. 200 with content shows it; 204 or empty content hides it; any other
 * answer or a failure hides it and stops polling for good.
 */
export function createStatusPoller(deps: StatusPollerDeps) {
  let timer: unknown = null;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let stopped = false;
  let hidden = false;

  const clear = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  async function check(): Promise<void> {
    timer = null;
    if (stopped || hidden) return;
    lastCheck = deps.now();
    try {
      const { status, body } = await deps.fetchMessage();
      if (status === 200) {
        const content = (body as { content?: unknown } | undefined)?.content;
        deps.onContent(typeof content === 'string' && content.trim() !== '' ? content : null);
      } else if (status === 204) {
        deps.onContent(null);
      } else {
        stop();
      }
    } catch {
      stop();
    }
  }

  function schedule(): void {
    if (stopped || hidden) return;
    clear();
    const earliest = lastCheck + STATUS_MIN_INTERVAL_MS;
    const delay = Math.max(STATUS_IDLE_DELAY_MS, earliest - deps.now());
    timer = deps.setTimer(() => void check(), delay);
  }

  function stop(): void {
    stopped = true;
    clear();
    deps.onContent(null);
  }

  return {
    /** The user did something: (re)start the 10 s quiet period. */
    activity: schedule,
    setHidden(isHidden: boolean): void {
      hidden = isHidden;
      if (isHidden) clear();
      else schedule();
    },
    stop,
    get isStopped() {
      return stopped;
    },
  };
}
