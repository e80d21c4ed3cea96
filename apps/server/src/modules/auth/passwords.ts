import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../../config';
import { randomToken } from '../../lib/tokens';

/** argon2id at the configured cost (config.passwordHashing: OWASP's minimum outside the test suite). */
export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { algorithm: 2, ...cost });
}

/** Verifies at the cost recorded in the hash, whatever the configured cost is now. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as a real verification, so that a login for an unknown email cannot be
 * told apart from a wrong password by its timing.
 */
export async function verifyAgainstDummy(password: string, cost: PasswordHashing): Promise<false> {
  const key = `${cost.memoryCost}/${cost.timeCost}/${cost.parallelism}`;
  let dummyHash = dummyHashes.get(key);
  if (!dummyHash) {
    dummyHash = hashPassword(randomToken(), cost);
    dummyHashes.set(key, dummyHash);
  }
  await verifyPassword(await dummyHash, password);
  return false;
}
