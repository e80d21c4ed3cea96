import { describe, expect, test } from 'vitest';
import { createRecordId, isRecordId, RECORD_ID_LENGTH } from './record-id';

describe('record ids', () => {
  test('an id is 11 base62 characters', () => {
    for (let i = 0; i < 200; i++) {
      const id = createRecordId();
      expect(id).toHaveLength(RECORD_ID_LENGTH);
      expect(id).toMatch(/^[0-9A-Za-z]{11}$/);
      expect(isRecordId(id)).toBe(true);
    }
  });

  test('ids do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => createRecordId()));
    expect(ids.size).toBe(10_000);
  });

  test('bytes at or above 248 are redrawn, so every character is equally likely', () => {
    let call = 0;
    const id = createRecordId((bytes) => {
      // First round: only unusable bytes; second round: 0, 61, 62, 247 map to 0, z, 0, z.
      bytes.fill(call++ === 0 ? 255 : 0);
      if (call === 2) bytes.set([0, 61, 62, 247, 248, 255, 1]);
      return bytes;
    });
    expect(id).toBe('0z0z1000000');
  });

  test('a source that never yields a usable byte gives "Unable to generate ID"', () => {
    expect(() => createRecordId((bytes) => bytes.fill(250))).toThrow(new Error('Unable to generate ID'));
  });

  test.each([
    ['abcDEF01234', true],
    ['abcDEF0123', false],
    ['abcDEF012345', false],
    ['abcDEF0123-', false],
    [12345678901, false],
  ])('isRecordId(%j) is %s', (value, expected) => {
    expect(isRecordId(value)).toBe(expected);
  });
});
