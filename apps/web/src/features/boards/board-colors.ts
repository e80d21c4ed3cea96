/**
 * The colours a board can carry: user data shown as a swatch, not part of the theme, so they are
 * plain values here; each is dark enough to read white text on and light enough to see on the dark
 * theme's surfaces. `name` keys the colour's label in the catalogue (boards.colors.*).
 */
export const BOARD_COLORS = [
  { value: '#4f46e5', name: 'indigo' },
  { value: '#2563eb', name: 'blue' },
  { value: '#0e7490', name: 'cyan' },
  { value: '#0f766e', name: 'teal' },
  { value: '#15803d', name: 'green' },
  { value: '#b45309', name: 'amber' },
  { value: '#c2410c', name: 'orange' },
  { value: '#b91c1c', name: 'red' },
  { value: '#be185d', name: 'pink' },
  { value: '#7e22ce', name: 'purple' },
  { value: '#475569', name: 'slate' },
] as const;

export type BoardColorName = (typeof BOARD_COLORS)[number]['name'];

export const DEFAULT_BOARD_COLOR = BOARD_COLORS[0].value;
