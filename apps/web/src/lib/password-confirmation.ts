import { REAUTH_WINDOW_MS } from '@strata/domain/constants';

/**
 * The password confirmation held for privileged actions (30 minutes), in memory only: a reload
 * asks again rather than keeping it where scripts could read it later.
 */
let held: { token: string; expiresAt: number } | null = null;

export function holdPasswordConfirmation(token: string, expiresAt: string): void {
  held = { token, expiresAt: Math.min(Date.parse(expiresAt), Date.now() + REAUTH_WINDOW_MS) };
}

export function currentPasswordConfirmation(): string | null {
  if (held && held.expiresAt > Date.now()) return held.token;
  held = null;
  return null;
}

export function clearPasswordConfirmation(): void {
  held = null;
}
