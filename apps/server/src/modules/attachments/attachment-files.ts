import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context';
import { fileTooLarge, uploadsDir } from '../../lib/image-store';
import { randomToken } from '../../lib/tokens';

/**
 * Image types a browser may show inline from the API's origin: they run no script. SVG is not
 * one of them (it can), nor is anything the bytes do not confirm.
 */
const INLINE_IMAGES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * Types served as they were declared (always with `Content-Disposition: attachment` unless an
 * inline image): passive formats no browser runs as a page of our origin. Any other type (HTML,
 * SVG, XML, scripts, unknown) is served as application/octet-stream.
 */
const PASSIVE_TYPE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/(plain|csv)|application\/(pdf|zip|gzip|x-7z-compressed|x-tar|json|msword|rtf|vnd\.(ms-excel|ms-powerpoint|oasis\.opendocument\.[\w.+-]+|openxmlformats-officedocument\.[\w.+-]+)))$/;

const MIME_SHAPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The type to store for an upload: a safe image type only when the bytes are that image; else
 * the declared type when it is a well-formed media type; else application/octet-stream.
 */
export function storedTypeOf(declared: string | undefined, head: Buffer): string {
  const sniffed = INLINE_IMAGES.find((image) => image.test(head));
  if (sniffed) return sniffed.type;
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (!MIME_SHAPE.test(type)) return 'application/octet-stream';
  // A declared image the bytes do not confirm is not shown inline as one.
  if (INLINE_IMAGES.some((image) => image.type === type)) return 'application/octet-stream';
  return type;
}

/** How a stored file is answered: the Content-Type and whether it may be shown inline. */
export function servingOf(storedType: string, wantsDownload: boolean): { type: string; inline: boolean } {
  const inline = !wantsDownload && INLINE_IMAGES.some((image) => image.type === storedType);
  return { type: PASSIVE_TYPE.test(storedType) ? storedType : 'application/octet-stream', inline };
}

/** A file name as stored: no folders, no control characters, at most 255 characters, never empty. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return Array.from(cleaned || 'file')
    .slice(0, 255)
    .join('');
}

/** `attachment` or `inline`, with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

export const attachmentPath = (ctx: AppContext, storageKey: string) => join(uploadsDir(ctx), storageKey);

/**
 * Writes an upload's stream to uploads/attachments/{teamId}/ under an unguessable name (never the
 * client's), counting its size and keeping its first bytes for the type check. A stream cut at
 * the size limit leaves nothing behind and throws the spec's size message.
 */
export async function writeAttachmentFile(
  ctx: AppContext,
  teamId: number,
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  maxMb: number,
): Promise<{ storageKey: string; size: number; head: Buffer }> {
  const storageKey = `attachments/${teamId}/${randomToken(24)}`;
  const absolute = attachmentPath(ctx, storageKey);
  const partial = `${absolute}.part`;
  await mkdir(dirname(absolute), { recursive: true });
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(partial, { flags: 'wx' }));
    if (stream.truncated || size > maxMb * 1024 * 1024) throw fileTooLarge(maxMb);
    await rename(partial, absolute);
  } catch (error) {
    await rm(partial, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxMb);
    throw error;
  }
  return { storageKey, size, head };
}

export async function removeAttachmentFile(ctx: AppContext, storageKey: string): Promise<void> {
  await rm(attachmentPath(ctx, storageKey), { force: true });
}
