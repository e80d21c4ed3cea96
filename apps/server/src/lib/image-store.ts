import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '@strata/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { randomToken } from './tokens';

const SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  SIGNATURES.map((s) => [s.ext, s.type]),
);
/** Folders under uploads/ that the public file route serves. */
export const IMAGE_FOLDERS = ['photos', 'team-photos'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export function uploadsDir(ctx: AppContext): string {
  return join(ctx.config.dataDir, 'uploads');
}

export function fileTooLarge(maxMb: number): AppError {
  return new AppError('FILE_TOO_LARGE', { params: { n: maxMb } });
}

/** The one file of a multipart request, as bytes, with the size limit's message when too large. */
export async function readUploadedImage(
  request: FastifyRequest,
  maxMb: number,
  field: string,
): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Send the image as multipart/form-data in the field "${field}".`,
    });
  }
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', { message: `Send the image in the field "${field}".` });
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxMb);
    throw error;
  }
}

/**
 * Stores an image under uploads/{folder}/{ownerId}/ with an unguessable name. The type is read
 * from the bytes, never from the file name or the request's headers.
 */
export async function storeImage(
  ctx: AppContext,
  folder: ImageFolder,
  ownerId: number,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length > ctx.config.photoMaxMb * 1024 * 1024) throw fileTooLarge(ctx.config.photoMaxMb);
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new AppError('UNSUPPORTED_FILE');
  const relative = `${folder}/${ownerId}/${randomToken(18)}.${kind.ext}`;
  const absolute = join(uploadsDir(ctx), relative);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, bytes);
  return relative;
}

export async function removeStoredFile(ctx: AppContext, relative: string | null): Promise<void> {
  if (relative) await rm(join(uploadsDir(ctx), relative), { force: true });
}
