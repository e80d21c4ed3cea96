/** Progress of a checklist: done entries over all entries, as counts and a whole percent. */
export function checklistProgress(entries: readonly { done: boolean }[] | null | undefined): {
  done: number;
  total: number;
  percent: number;
} {
  const total = entries?.length ?? 0;
  const done = entries?.filter((entry) => entry.done).length ?? 0;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Where a progress value stands between the settings' min and max, as 0-100 (clamped). */
export function progressPercent(
  value: number | null | undefined,
  settings: { min: number; max: number },
): number {
  if (value === null || value === undefined || !Number.isFinite(value) || settings.max <= settings.min)
    return 0;
  const share = (value - settings.min) / (settings.max - settings.min);
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/** The bounds a rating value must keep: 0 (not rated) to the settings' max. */
export function ratingBounds(settings: { max: number }): { min: number; max: number } {
  return { min: 0, max: settings.max };
}
