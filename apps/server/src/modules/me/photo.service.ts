import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '@strata/domain/errors';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema/users';
import { randomToken } from '../../lib/tokens';

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

export function uploadsDir(ctx: AppContext): string {
  return join(ctx.config.dataDir, 'uploads');
}

export function fileTooLarge(maxMb: number): AppError {
  return new AppError('FILE_TOO_LARGE', { params: { n: maxMb } });
}

/** Stores a profile photo: the type is read from the bytes, never from the name or the header. */
export async function setProfilePhoto(options: {
  ctx: AppContext;
  user: UserRow;
  bytes: Buffer;
}): Promise<UserRow> {
  const { ctx, user, bytes } = options;
  if (bytes.length > ctx.config.photoMaxMb * 1024 * 1024) throw fileTooLarge(ctx.config.photoMaxMb);
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new AppError('UNSUPPORTED_FILE');
  const relative = `photos/${user.id}/${randomToken(18)}.${kind.ext}`;
  const absolute = join(uploadsDir(ctx), relative);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, bytes);
  const updated = await savePhotoPath(ctx, user, relative);
  return updated;
}

export async function removeProfilePhoto(options: { ctx: AppContext; user: UserRow }): Promise<UserRow> {
  return savePhotoPath(options.ctx, options.user, null);
}

async function savePhotoPath(ctx: AppContext, user: UserRow, photoPath: string | null): Promise<UserRow> {
  const [updated] = await ctx.db
    .update(users)
    .set({ photoPath, updatedAt: ctx.clock.now(), rowVersion: sql`${users.rowVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning();
  if (user.photoPath && user.photoPath !== photoPath) {
    await rm(join(uploadsDir(ctx), user.photoPath), { force: true });
  }
  return updated!;
}
