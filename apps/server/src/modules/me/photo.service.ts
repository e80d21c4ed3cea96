import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema/users';
import { notePersonChanged } from '../../events/change-log';
import { removeStoredFile, storeImage } from '../../lib/image-store';

/** Stores a profile photo (checked by image-store) and drops the previous one. */
export async function setProfilePhoto(options: {
  ctx: AppContext;
  user: UserRow;
  bytes: Buffer;
}): Promise<UserRow> {
  const relative = await storeImage(options.ctx, 'photos', options.user.id, options.bytes);
  return savePhotoPath(options.ctx, options.user, relative);
}

export async function removeProfilePhoto(options: { ctx: AppContext; user: UserRow }): Promise<UserRow> {
  return savePhotoPath(options.ctx, options.user, null);
}

async function savePhotoPath(ctx: AppContext, user: UserRow, photoPath: string | null): Promise<UserRow> {
  const updated = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({ photoPath, updatedAt: ctx.clock.now(), rowVersion: sql`${users.rowVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    // Members and invitees show the photo in every workspace.
    await notePersonChanged(tx, user.id);
    return saved;
  });
  if (user.photoPath !== photoPath) await removeStoredFile(ctx, user.photoPath);
  return updated!;
}
