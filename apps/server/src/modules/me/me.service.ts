import { AppError } from '@strata/domain/errors';
import { eq, sql } from 'drizzle-orm';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema/users';
import { notePersonChanged } from '../../events/change-log';
import { invalidField } from '../../http/field-errors';
import { queueMail } from '../../mail/mail';
import { changeEmailMail, passwordChangedMail } from '../../mail/templates';
import { createEmailToken, linkUrl } from '../auth/email-tokens.service';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions.service';
import { isEmailTaken } from '../auth/users.repo';

export interface ProfileChanges {
  name?: string;
  locale?: string;
  timezone?: string | null;
  start_of_week?: number | null;
  preferences?: Record<string, unknown>;
  survey?: Record<string, unknown>;
}

/** Applies the fields sent; preferences merge key by key so clients can set one at a time. */
export async function updateProfile(options: {
  ctx: AppContext;
  user: UserRow;
  changes: ProfileChanges;
}): Promise<UserRow> {
  const { ctx, user, changes } = options;
  const [updated] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.locale !== undefined && { locale: changes.locale }),
        ...(changes.timezone !== undefined && { timezone: changes.timezone }),
        ...(changes.start_of_week !== undefined && { startOfWeek: changes.start_of_week }),
        ...(changes.preferences !== undefined && {
          preferences: { ...user.preferences, ...changes.preferences },
        }),
        ...(changes.survey !== undefined && { survey: changes.survey }),
        updatedAt: ctx.clock.now(),
        rowVersion: sql`${users.rowVersion} + 1`,
      })
      .where(eq(users.id, user.id))
      .returning();
    noteInvalidation(tx, { scope: 'user', userId: user.id });
    // Members and invitees show the name (and the avatar drawn from it) in every workspace.
    if (rows.length > 0 && changes.name !== undefined && changes.name !== user.name)
      await notePersonChanged(tx, user.id);
    return rows;
  });
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/**
 * Starts an email change: the new address gets a confirmation link and becomes the account's
 * email only when it is followed.
 */
export async function requestEmailChange(options: {
  ctx: AppContext;
  user: UserRow;
  email: string;
}): Promise<UserRow> {
  const { ctx, user, email } = options;
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw invalidField('email', 'SAME_EMAIL');
  }
  if (await isEmailTaken(ctx.db, email, user.id)) throw new AppError('EMAIL_TAKEN');
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ pendingEmail: email, updatedAt: ctx.clock.now(), rowVersion: sql`${users.rowVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    noteInvalidation(tx, { scope: 'user', userId: user.id });
    const token = await createEmailToken({ ctx, tx, userId: user.id, purpose: 'change_email', email });
    await queueMail(
      ctx.jobs,
      tx,
      changeEmailMail({
        to: email,
        name: user.name,
        url: linkUrl(ctx, '/verify-email', { token, email }),
        appName: ctx.config.appName,
        hours: Math.round(ctx.config.emailTokenTtlS / 3600),
      }),
    );
    return updated!;
  });
}

/** Sets a new password and signs out every other session. */
export async function changePassword(options: {
  ctx: AppContext;
  user: UserRow;
  sessionId: string;
  password: string;
}): Promise<void> {
  const { ctx, user } = options;
  const passwordHash = await hashPassword(options.password, ctx.config.passwordHashing);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(ctx, tx, user.id, 'password changed', options.sessionId);
    await queueMail(
      ctx.jobs,
      tx,
      passwordChangedMail({ to: user.email, name: user.name, appName: ctx.config.appName }),
    );
  });
}
