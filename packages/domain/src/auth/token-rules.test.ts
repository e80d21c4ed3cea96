import { describe, expect, test } from 'vitest';
import { assertTokenRecord, canRefresh, isAccessTokenValid, type TokenRecord } from './token-rules';

const issued = Date.parse('2026-01-01T00:00:00.000Z');
const record: TokenRecord = {
  access_token: 'abc',
  expires_in: 900,
  refresh_expires_in: 3600,
  created_at: new Date(issued).toISOString(),
};

describe('an access token is valid until 5 s before its expiry', () => {
  test.each([
    { at: 0, valid: true },
    { at: 894_999, valid: true },
    { at: 895_000, valid: false },
    { at: 900_000, valid: false },
  ])('$at ms after issue -> $valid', ({ at, valid }) => {
    expect(isAccessTokenValid(record, issued + at)).toBe(valid);
  });
  test('an unparsable created_at is never valid', () => {
    expect(isAccessTokenValid({ ...record, created_at: 'nope' }, issued)).toBe(false);
  });
});

describe('a refresh is tried only while created_at + refresh_expires_in - 5 s is ahead', () => {
  test.each([
    { at: 0, ok: true },
    { at: 3_594_999, ok: true },
    { at: 3_595_000, ok: false },
  ])('$at ms after issue -> $ok', ({ at, ok }) => {
    expect(canRefresh(record, issued + at)).toBe(ok);
  });
});

describe('a token record must carry access_token', () => {
  test.each([null, {}, { access_token: 5 }, 'x'])('%j is refused with the spec text', (value) => {
    expect(() => assertTokenRecord(value)).toThrow(
      'Access Token does not have required property access_token.',
    );
  });
  test('a full record passes', () => {
    expect(() => assertTokenRecord(record)).not.toThrow();
  });
});
