import { describe, expect, test } from 'vitest';
import { readableTextOn } from './choice-cells';

describe('the text colour on a label or button colour', () => {
  test.each([
    // A mid green: white reads about 3:1 on it, dark text about 5:1.
    ['#00aa00', '#1c2233'],
    ['#0a0', '#1c2233'],
    ['#ffcc00', '#1c2233'],
    ['#ffffff', '#1c2233'],
    ['#4f46e5', '#ffffff'],
    ['#c2293b', '#ffffff'],
    ['#000000', '#ffffff'],
    ['red', 'inherit'],
    ['#12345', 'inherit'],
  ])('on %s it is %s', (colour, text) => {
    expect(readableTextOn(colour)).toBe(text);
  });
});
