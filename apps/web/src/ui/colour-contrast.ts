/**
 * WCAG relative luminance (0 black to 1 white) of a colour written `#rgb`, `#rrggbb` or as the
 * browser computes one (`rgb(r, g, b)`, `rgba(r, g, b, a)`; the alpha is ignored); undefined for
 * anything else.
 */
export function relativeLuminance(colour: string): number | undefined {
  const text = colour.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  const functional = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(text);
  let channels: number[];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    channels = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  } else if (functional) channels = functional.slice(1, 4).map(Number);
  else return undefined;
  const [r, g, b] = channels.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two relative luminances (1 to 21). */
export const contrastRatio = (a: number, b: number): number =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
