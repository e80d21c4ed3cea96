import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
} from '@strata/domain/auth/password-policy';
import { LOCALES } from '@strata/domain/constants';
import { isValidEmail } from '@strata/domain/emails';
import { z } from 'zod';
import { tokenRecordSchema } from './common';

export const authPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  verifyEmail: '/api/auth/email/verify',
  resendVerification: '/api/auth/email/resend',
  forgotPassword: '/api/auth/password/forgot',
  resetPassword: '/api/auth/password/reset',
  confirmPassword: '/api/auth/password/confirm',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { message: 'The email must be a valid email address.' });

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT })
  .max(MAX_PASSWORD_LENGTH);

/** How the client keeps its refresh token: web in an HTTP-only cookie, native in the body. */
export const grantTypeSchema = z.enum(['cookie', 'token']).default('cookie');

export const registerBody = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, { message: 'The name is required.' }).max(120),
  password: newPasswordSchema,
  locale: z.enum(LOCALES).optional(),
  source: z.string().max(100).optional(),
});
export const registerResponse = z.object({ email: z.string(), verification_sent: z.literal(true) });

export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  totp: z.string().max(16).optional(),
  recoveryCode: z.string().max(64).optional(),
  grantType: grantTypeSchema,
});
export const loginResponse = z.object({
  /** Where the app goes after sign-in; null sends it to /s/auth/redirect. */
  intended: z.string().nullable(),
  token: tokenRecordSchema,
});

export const refreshBody = z.object({
  grantType: grantTypeSchema,
  refresh_token: z.string().max(200).optional(),
});
export const refreshResponse = z.object({ token: tokenRecordSchema });

export const logoutBody = z.object({ refresh_token: z.string().max(200).optional() }).optional();

export const verifyEmailBody = z.object({ token: z.string().min(1).max(200), email: emailSchema });
export const verifyEmailResponse = z.object({ email: z.string(), verified: z.literal(true) });

export const emailOnlyBody = z.object({ email: emailSchema });
/** Always the same answer, whether or not the address has an account (no enumeration). */
export const mailQueuedResponse = z.object({ queued: z.literal(true) });

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  email: emailSchema,
  password: newPasswordSchema,
});

export const confirmPasswordBody = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
/** Sent back as X-Authorization-Password until it expires (30 minutes). */
export const confirmPasswordResponse = z.object({ confirmation: z.string(), expires_at: z.string() });

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
