/**
 * Loops of automations (one's change triggering another, or itself): every change a run makes
 * carries the chain's depth; a run deeper than MAX_CHAIN_DEPTH, or one automation running on the
 * same item more than MAX_RUNS_PER_ITEM_PER_MINUTE times in a minute, stops with its reason.
 * An automation whose runs fail FAILURES_TO_SWITCH_OFF times in a row is switched off.
 */
export const MAX_CHAIN_DEPTH = 10;
export const MAX_RUNS_PER_ITEM_PER_MINUTE = 10;
export const FAILURES_TO_SWITCH_OFF = 5;

export type LoopStop = 'chain_too_deep' | 'too_frequent';

/**
 * Why a run must not go ahead: `depth` is the chain's depth of the change that triggered it
 * (0: a person's change), `recentRuns` the automation's runs on the item in the past minute.
 */
export function loopStop(depth: number, recentRuns: number): LoopStop | null {
  if (depth >= MAX_CHAIN_DEPTH) return 'chain_too_deep';
  if (recentRuns >= MAX_RUNS_PER_ITEM_PER_MINUTE) return 'too_frequent';
  return null;
}

/** Whether a failure after `failuresBefore` failures in a row switches the automation off. */
export const switchesOff = (failuresBefore: number) => failuresBefore + 1 >= FAILURES_TO_SWITCH_OFF;
