/** A time entry as the total needs it (spec section 3: ended_at is null while it runs). */
export interface TrackedSpan {
  started_at: string;
  ended_at: string | null;
}

/** Total tracked seconds of entries; a running entry counts up to now. Bad or negative spans count 0. */
export function trackedTotalSeconds(entries: readonly TrackedSpan[], now: number): number {
  let total = 0;
  for (const entry of entries) {
    const start = Date.parse(entry.started_at);
    const end = entry.ended_at === null ? now : Date.parse(entry.ended_at);
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) total += end - start;
  }
  return Math.floor(total / 1000);
}

/** Seconds as h:mm:ss (hours are not wrapped at 24). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Reads h:mm:ss or h:mm back into seconds; null if the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}
