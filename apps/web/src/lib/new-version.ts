import { compareVersions } from '@strata/domain/version';

/** Spec section 4: a forced announcement reloads after a random 60 to 160 seconds. */
export function forcedReloadDelayMs(random: () => number = Math.random): number {
  return 60_000 + Math.floor(random() * 100_000);
}

export interface NewVersionDecision {
  /** The version to flag as required, when newer than this build. */
  flag: string | null;
  /** When forced: reload after this many ms (spread out, so a deployment is not met by every app at once). */
  reloadAfterMs: number | null;
}

/** What a NewAppVersion announcement (`{ data: { version, force } }`) means for this build. */
export function decideNewAppVersion(
  payload: unknown,
  buildVersion: string,
  random: () => number = Math.random,
): NewVersionDecision {
  const data = (payload as { data?: { version?: unknown; force?: unknown } } | null)?.data;
  if (typeof data?.version !== 'string' || compareVersions(data.version, buildVersion) <= 0)
    return { flag: null, reloadAfterMs: null };
  return { flag: data.version, reloadAfterMs: data.force === true ? forcedReloadDelayMs(random) : null };
}
