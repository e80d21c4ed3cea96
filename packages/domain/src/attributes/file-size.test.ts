import { describe, expect, test } from 'vitest';
import { formatFileSize } from './file-size';

describe('file sizes', () => {
  test.each([
    [0, 'en-US', '0 byte'],
    [999, 'en-US', '999 byte'],
    [1_000, 'en-US', '1 kB'],
    [1_536, 'en-US', '1.5 kB'],
    [12_345, 'en-US', '12 kB'],
    [2_500_000, 'en-US', '2.5 MB'],
    [25_000_000, 'en-US', '25 MB'],
    [1_536, 'de', '1,5 kB'],
  ])('%d bytes in %s: %s', (bytes, locale, expected) => {
    expect(formatFileSize(bytes, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });
  test('Arabic writes its own unit', () => {
    expect(formatFileSize(2_500_000, 'ar')).toContain('م.ب');
  });
});
