/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a chart's title: no folders, controls or characters Windows refuses. */
export function chartFileName(title: string, extension: 'png' | 'csv'): string {
  const base = Array.from(title, (char) =>
    (char.codePointAt(0) ?? 0) < 32 || '/\\<>:"|?*'.includes(char) ? '_' : char,
  )
    .join('')
    .replace(/^[.\s]+/, '')
    .slice(0, 100);
  return `${base || 'chart'}.${extension}`;
}

const PAINTED = ['fill', 'stroke', 'color', 'stop-color'] as const;

/**
 * A standalone copy of a drawn SVG: the colours it takes from our tokens (CSS variables, which a
 * file cannot resolve) written in as the browser computed them, and its text's font.
 */
function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, at) => {
    const style = getComputedStyle(element);
    const target = copies[at] as SVGElement | undefined;
    if (!target) return;
    for (const property of PAINTED) {
      const value = style.getPropertyValue(property);
      if (value) target.style.setProperty(property, value);
    }
    if (element instanceof SVGTextElement) target.style.setProperty('font', style.font);
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(copy);
}

/** Draws a chart's SVG on a canvas of the surface's colour, at twice its size, as a PNG. */
export async function svgToPng(svg: SVGSVGElement, background: string): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standaloneSvg(svg))}`;
  await loaded;
  return canvasPng(width, height, background, (context) => context.drawImage(image, 0, 0, width, height));
}

/** A single number drawn as a PNG: its title above the number, in the given colours. */
export function numberToPng(
  title: string,
  value: string,
  colours: { background: string; text: string; muted: string },
  rtl: boolean,
): Promise<Blob> {
  return canvasPng(360, 180, colours.background, (context) => {
    context.direction = rtl ? 'rtl' : 'ltr';
    context.textAlign = 'center';
    context.fillStyle = colours.muted;
    context.font = '16px system-ui, sans-serif';
    context.fillText(title, 180, 50);
    context.fillStyle = colours.text;
    context.font = 'bold 48px system-ui, sans-serif';
    context.fillText(value, 180, 120);
  });
}

async function canvasPng(
  width: number,
  height: number,
  background: string,
  draw: (context: CanvasRenderingContext2D) => void,
): Promise<Blob> {
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The chart could not be drawn as an image.');
  context.scale(scale, scale);
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  draw(context);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be drawn as an image.'))),
      'image/png',
    ),
  );
}

/** A token's colour as the browser resolves it now (light or dark), e.g. `--color-surface`. */
export function tokenColour(element: Element, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  probe.style.display = 'none';
  element.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}
