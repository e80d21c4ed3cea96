/**
 * When a hook's delivery is tried (the Standard Webhooks schedule): at once, then 5 seconds, 5
 * minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours after each failure: eight attempts
 * over about 27.5 hours, after which the delivery has failed.
 */
export const DELIVERY_DELAYS_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** A request that has not answered by then has failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** A hook whose deliveries have failed without a success in between for this long is switched off. */
export const FAILING_DISABLE_MS = 5 * 24 * 3_600_000;

/** How long a rotated secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The delay before attempt `attempt` (1 is the first); null when there is none: the delivery failed. */
export function delayBeforeAttempt(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) return null;
  return DELIVERY_DELAYS_MS[attempt - 1] ?? null;
}

/** Whether an answer is a success: any 2xx. A redirect is a failure (it is not followed). */
export const isDelivered = (status: number) => status >= 200 && status < 300;

/**
 * What a failed attempt does to its hook: a 410 Gone switches it off at once; failures without a
 * success in between since `failingSince` switch it off once they have lasted FAILING_DISABLE_MS.
 */
export function disableReason(
  status: number | null,
  failingSince: Date | null,
  now: Date,
): 'gone' | 'failing' | null {
  if (status === 410) return 'gone';
  if (failingSince && now.getTime() - failingSince.getTime() >= FAILING_DISABLE_MS) return 'failing';
  return null;
}
