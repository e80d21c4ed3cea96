import { describe, expect, test } from 'vitest';
import { STRONG_PASSWORD_HASHING, TEST_PASSWORD_HASHING } from '../../config';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  test('a hash records its own cost, so hashes made under the test cost and the strong cost each verify', async () => {
    const cheap = await hashPassword('correct horse', TEST_PASSWORD_HASHING);
    const strong = await hashPassword('correct horse', STRONG_PASSWORD_HASHING);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    for (const hash of [cheap, strong]) {
      expect(await verifyPassword(hash, 'correct horse')).toBe(true);
      expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    }
  });

  test('a malformed hash never verifies, and the dummy check always answers false', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyAgainstDummy('anything', TEST_PASSWORD_HASHING)).toBe(false);
  });
});
