/** Compares dotted numeric versions ('35.0.0'); missing parts count as 0. Non-numeric parts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(toNumber);
  const pb = b.split('.').map(toNumber);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

function toNumber(part: string): number {
  const n = Number.parseInt(part, 10);
  return Number.isFinite(n) ? n : 0;
}

/** A client below the minimum must update; an absent or unparsable version is never flagged. */
export function isUpdateRequired(clientVersion: string | undefined, minimum: string | undefined): boolean {
  if (!clientVersion || !minimum) return false;
  if (!/^\d+(\.\d+)*$/.test(clientVersion.trim())) return false;
  return compareVersions(clientVersion.trim(), minimum) < 0;
}
