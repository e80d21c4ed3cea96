import { LOCALES } from '@strata/domain/constants';
import { z } from 'zod';
import { emailSchema } from './auth';

export const mePaths = {
  me: '/api/me',
  email: '/api/me/email',
  photo: '/api/me/photo',
  password: '/api/me/password',
} as const;

export const preferencesSchema = z
  .object({
    workspaceSortOrder: z.array(z.number().int()).optional(),
    usedCancelCoupon: z.boolean().optional(),
    api_dev_helper: z.boolean().optional(),
    theme: z.enum(['light', 'dark', 'system']).optional(),
  })
  .catchall(z.unknown());

/** The profile of spec section 3. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  photo_url: z.string(),
  guest: z.boolean(),
  preferences: preferencesSchema,
  locale: z.string(),
  start_of_week: z.number().int().min(0).max(6).nullable(),
  timezone: z.string().nullable(),
  survey: z.record(z.string(), z.unknown()).nullable(),
  /** Set while an email change waits for confirmation from the new address. */
  pending_email: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const updateProfileBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  locale: z.enum(LOCALES).optional(),
  timezone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'The timezone is not valid.' })
    .nullable()
    .optional(),
  start_of_week: z.number().int().min(0).max(6).nullable().optional(),
  preferences: preferencesSchema.optional(),
  survey: z.record(z.string(), z.unknown()).optional(),
});

export const updateEmailBody = z.object({ email: emailSchema });

export const changePasswordBody = z.object({
  password: z.string().min(8, { message: 'The password must be at least 8 characters.' }).max(256),
});
