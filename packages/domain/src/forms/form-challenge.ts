/**
 * The proof of work a public form asks of its visitor (docs/forms.md): no third-party service,
 * nothing to solve by hand. The server hands out a signed token with the form; the page finds a
 * nonce whose SHA-256 of `token:nonce` starts with `difficulty` zero bits (about 2^difficulty
 * hashes: a fraction of a second for a person, a real cost for a script sending thousands), and
 * sends it with the answers. The same hash runs in the browser and on the server (WebCrypto).
 */

/** Zero bits a solution's hash starts with, by default: about 16,000 hashes. */
export const FORM_CHALLENGE_DIFFICULTY = 14;

async function challengeHash(token: string, nonce: string): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(`${token}:${nonce}`);
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/** How many zero bits the bytes start with. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** A nonce as answers send it: a whole number of at most 12 digits. */
export function isNonceText(nonce: string): boolean {
  return /^\d{1,12}$/.test(nonce);
}

/** Whether `nonce` solves the challenge `token` at `difficulty`. */
export async function isChallengeSolved(token: string, nonce: string, difficulty: number): Promise<boolean> {
  if (!isNonceText(nonce)) return false;
  return leadingZeroBits(await challengeHash(token, nonce)) >= difficulty;
}

/** The first nonce (counting from 0) that solves the challenge. */
export async function solveChallenge(token: string, difficulty: number): Promise<string> {
  for (let nonce = 0; ; nonce++) {
    const candidate = String(nonce);
    if (leadingZeroBits(await challengeHash(token, candidate)) >= difficulty) return candidate;
  }
}
