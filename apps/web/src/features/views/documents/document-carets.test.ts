import { describe, expect, test } from 'vitest';
import { personColor } from './document-carets';

/** The WCAG 2 contrast of white on an `hsl(h s% l%)` colour, computed from its RGB. */
function whiteContrast(hsl: string): number {
  const [h, s, l] = hsl.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  const saturation = s / 100;
  const lightness = l / 100;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const lum = 0.2126 * linear(f(0)) + 0.7152 * linear(f(8)) + 0.0722 * linear(f(4));
  return 1.05 / (lum + 0.05);
}

describe('a person’s caret colour', () => {
  test('every hue (users 1 to 360 take each once): their name in white on it reads at 4.5:1 or more', () => {
    const ids = Array.from({ length: 360 }, (_, at) => at + 1);
    expect(new Set(ids.map((id) => personColor(id).split(' ')[0])).size).toBe(360);
    expect(ids.filter((id) => whiteContrast(personColor(id)) < 4.5)).toEqual([]);
  });

  test('the same person has the same colour; two people next to each other differ', () => {
    expect(personColor(7)).toBe(personColor(7));
    expect(personColor(7)).not.toBe(personColor(8));
  });
});
