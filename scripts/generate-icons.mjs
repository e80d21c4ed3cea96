// Draws the app icons of the web manifest (apps/web/public/icons/*.png) from the favicon's design:
// three lines of decreasing length on the primary colour. Run `node scripts/generate-icons.mjs`
// after changing the design or the primary colour token; the PNGs are committed.
// No image tool is needed: shapes are rasterised with 4x4 supersampling and written as PNG with
// Node's zlib.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const tokens = readFileSync(join(web, 'src/ui/tokens.css'), 'utf8');

/** The light-theme value of a `light-dark()` colour token, as [r, g, b]. */
function lightColour(name) {
  const match = tokens.match(new RegExp(`--${name}:\\s*light-dark\\(#([0-9a-fA-F]{6})`));
  if (!match) throw new Error(`no six-digit light colour for --${name} in tokens.css`);
  return [0, 2, 4].map((i) => Number.parseInt(match[1].slice(i, i + 2), 16));
}

const background = lightColour('color-primary');
const foreground = lightColour('color-on-primary');

// The favicon's geometry on its 32-unit grid: a rounded square and three round-capped strokes.
const CORNER = 8;
const STROKE = 3;
const LINES = [
  [8, 11, 24],
  [8, 16, 20],
  [8, 21, 16],
];

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function onLine(x, y) {
  return LINES.some(([x1, lineY, x2]) => {
    const nearestX = Math.min(Math.max(x, x1), x2);
    return (x - nearestX) ** 2 + (y - lineY) ** 2 <= (STROKE / 2) ** 2;
  });
}

/**
 * RGBA pixels of the icon at `size` pixels. A maskable icon fills the whole square (the platform
 * cuts its own shape) and keeps the lines inside the central safe zone (a circle of 80% width).
 */
function draw(size, maskable) {
  const pixels = Buffer.alloc(size * size * 4);
  const glyphScale = maskable ? 0.72 : 1;
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let square = 0;
      let line = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          // Pixel sample to the 32-unit grid.
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (maskable || inRoundedSquare(x, y, CORNER)) square++;
          const gx = 16 + (x - 16) / glyphScale;
          const gy = 16 + (y - 16) / glyphScale;
          if (onLine(gx, gy)) line++;
        }
      }
      const total = samples * samples;
      const lineShare = line / total;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round(background[c] * (1 - lineShare) + foreground[c] * lineShare);
      }
      pixels[offset + 3] = Math.round((Math.max(square, line) / total) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG: signature, IHDR, one IDAT (each row prefixed by filter 0), IEND. */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = join(web, 'public/icons');
mkdirSync(out, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  writeFileSync(join(out, name), png(size, draw(size, maskable)));
  console.log(`icons: wrote ${name}`);
}
