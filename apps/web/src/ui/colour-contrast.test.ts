import { describe, expect, test } from 'vitest';
import { contrastRatio, relativeLuminance } from './colour-contrast';

describe('relative luminance and contrast (WCAG 2)', () => {
  test.each([
    ['#000', 0],
    ['#ffffff', 1],
    ['rgb(255, 255, 255)', 1],
    ['rgba(0, 0, 0, 0.5)', 0],
    ['rgb(255 255 255)', 1],
  ])('%s has luminance %s', (colour, expected) => {
    expect(relativeLuminance(colour)).toBeCloseTo(expected, 6);
  });

  test('the same colour reads the same in every notation', () => {
    expect(relativeLuminance('#1c2233')).toBeCloseTo(relativeLuminance('rgb(28, 34, 51)')!, 9);
    expect(relativeLuminance('#0a0')).toBeCloseTo(relativeLuminance('#00aa00')!, 9);
  });

  test.each(['red', '#12', 'hsl(0, 0%, 0%)', ''])('%j is not read', (colour) => {
    expect(relativeLuminance(colour)).toBeUndefined();
  });

  test('black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio(relativeLuminance('#000')!, relativeLuminance('#fff')!)).toBeCloseTo(21, 6);
    expect(contrastRatio(0.3, 0.3)).toBe(1);
  });
});
