import { AppError } from '@strata/domain/errors';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordConfirmations } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { notePersonChanged } from '../../events/change-log';
import { hashToken, randomToken } from '../../lib/tokens';
import { queueMail } from '../../mail/mail';
import { passwordChangedMail, passwordResetMail, verifyEmailMail } from '../../mail/templates';
import { consumeEmailToken, createEmailToken, linkUrl } from './email-tokens.service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, revokeUserSessions } from './sessions.service';
import { findUserByEmail, isEmailTaken } from './users.repo';

const hours = (ctx: AppContext) => Math.round(ctx.config.emailTokenTtlS / 3600);

/**
 * Creates an unverified account and mails the verification link. An address that was invited
 * but never registered has an account without a password: registering claims it.
 */
export async function registerUser(options: {
  ctx: AppContext;
  email: string;
  name: string;
  password: string;
  locale?: string;
  source?: string;
}): Promise<{ email: string }> {
  const { ctx, email } = options;
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.passwordHash) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(options.password, ctx.config.passwordHashing);
  await ctx.db.transaction(async (tx) => {
    const fields = {
      name: options.name,
      passwordHash,
      locale: options.locale ?? 'en-US',
      source: options.source,
    };
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...fields, updatedAt: ctx.clock.now(), rowVersion: sql`${users.rowVersion} + 1` })
          .where(and(eq(users.id, existing.id), isNull(users.passwordHash)))
          .returning()
      : await tx
          .insert(users)
          .values({ email, ...fields })
          .onConflictDoNothing()
          .returning();
    if (!user) throw new AppError('EMAIL_TAKEN');
    // An invitee claiming the account made for their address: their invitations show the new name.
    if (existing) await notePersonChanged(tx, user.id);
    const token = await createEmailToken({ ctx, tx, userId: user.id, purpose: 'verify_email', email });
    await queueMail(
      ctx.jobs,
      tx,
      verifyEmailMail({
        to: email,
        name: user.name,
        url: linkUrl(ctx, '/verify-email', { token, email }),
        appName: ctx.config.appName,
        hours: hours(ctx),
      }),
    );
  });
  return { email };
}

/** Checks credentials and opens a session. Unknown emails cost the same time as wrong passwords. */
export async function login(options: {
  ctx: AppContext;
  email: string;
  password: string;
  userAgent?: string;
  ip?: string;
}) {
  const { ctx } = options;
  const user = await findUserByEmail(ctx.db, options.email);
  // An account made by an invitation has no password yet: it cannot sign in, in the same time.
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, options.password)
    : await verifyAgainstDummy(options.password, ctx.config.passwordHashing);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  return createSession({ ctx, userId: user.id, userAgent: options.userAgent, ip: options.ip });
}

/** Confirms an address: a new account's, or the new one of an email change. */
export async function verifyEmail(options: {
  ctx: AppContext;
  token: string;
  email: string;
}): Promise<{ email: string }> {
  const { ctx } = options;
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken({
      ctx,
      tx,
      token: options.token,
      email: options.email,
      purposes: ['verify_email', 'change_email'],
    });
    const now = ctx.clock.now();
    if (used.purpose === 'change_email') {
      if (await isEmailTaken(tx, used.email, used.userId)) throw new AppError('EMAIL_TAKEN');
      await tx
        .update(users)
        .set({
          email: used.email,
          pendingEmail: null,
          emailVerifiedAt: now,
          updatedAt: now,
          rowVersion: sql`${users.rowVersion} + 1`,
        })
        .where(eq(users.id, used.userId));
      // Members and invitees show the address in every workspace.
      await notePersonChanged(tx, used.userId);
    } else {
      await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now, rowVersion: sql`${users.rowVersion} + 1` })
        .where(eq(users.id, used.userId));
    }
    return { email: used.email };
  });
}

/** Sends a fresh verification link to an unverified account; silent for anything else. */
export async function resendVerification(options: { ctx: AppContext; email: string }): Promise<void> {
  const { ctx } = options;
  const user = await findUserByEmail(ctx.db, options.email);
  if (!user || user.emailVerifiedAt) return;
  await ctx.db.transaction(async (tx) => {
    const token = await createEmailToken({
      ctx,
      tx,
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
    });
    await queueMail(
      ctx.jobs,
      tx,
      verifyEmailMail({
        to: user.email,
        name: user.name,
        url: linkUrl(ctx, '/verify-email', { token, email: user.email }),
        appName: ctx.config.appName,
        hours: hours(ctx),
      }),
    );
  });
}

/** Mails a password-reset link when the account exists; the answer never tells whether it does. */
export async function requestPasswordReset(options: { ctx: AppContext; email: string }): Promise<void> {
  const { ctx } = options;
  const user = await findUserByEmail(ctx.db, options.email);
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const token = await createEmailToken({
      ctx,
      tx,
      userId: user.id,
      purpose: 'reset_password',
      email: user.email,
    });
    const path = `/password/reset/${encodeURIComponent(token)}/${encodeURIComponent(user.email)}`;
    await queueMail(
      ctx.jobs,
      tx,
      passwordResetMail({
        to: user.email,
        name: user.name,
        url: linkUrl(ctx, path),
        appName: ctx.config.appName,
        hours: hours(ctx),
      }),
    );
  });
}

/**
 * Sets a new password from a reset link. The link proves the address, so the account counts as
 * verified; every session is signed out.
 */
export async function resetPassword(options: {
  ctx: AppContext;
  token: string;
  email: string;
  password: string;
}) {
  const { ctx } = options;
  const passwordHash = await hashPassword(options.password, ctx.config.passwordHashing);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken({
      ctx,
      tx,
      token: options.token,
      email: options.email,
      purposes: ['reset_password'],
    });
    const now = ctx.clock.now();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw new AppError('LINK_EXPIRED');
    if (!user.emailVerifiedAt)
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(ctx, tx, user.id, 'password reset');
    await queueMail(
      ctx.jobs,
      tx,
      passwordChangedMail({ to: user.email, name: user.name, appName: ctx.config.appName }),
    );
  });
}

/** Trades the password for a confirmation that privileged actions accept for 30 minutes. */
export async function confirmPassword(options: {
  ctx: AppContext;
  userId: number;
  passwordHash: string | null;
  password: string;
}) {
  const { ctx } = options;
  if (!options.passwordHash || !(await verifyPassword(options.passwordHash, options.password)))
    throw new AppError('INVALID_PASSWORD');
  const confirmation = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + 30 * 60 * 1000);
  await ctx.db
    .insert(passwordConfirmations)
    .values({ tokenHash: hashToken(confirmation), userId: options.userId, expiresAt });
  return { confirmation, expires_at: expiresAt.toISOString() };
}

/** Throws the reauth 401 unless the request carries a live password confirmation of this user. */
export async function requirePasswordConfirmation(
  ctx: AppContext,
  userId: number,
  header: string | undefined,
) {
  if (header) {
    const [row] = await ctx.db
      .select({ userId: passwordConfirmations.userId })
      .from(passwordConfirmations)
      .where(
        and(
          eq(passwordConfirmations.tokenHash, hashToken(header)),
          eq(passwordConfirmations.userId, userId),
          gt(passwordConfirmations.expiresAt, ctx.clock.now()),
        ),
      )
      .limit(1);
    if (row) return;
  }
  throw new AppError('REAUTH_REQUIRED', { type: 'reauth' });
}
