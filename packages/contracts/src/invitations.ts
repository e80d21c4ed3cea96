import { LOCALES } from '@strata/domain/constants';
import { ASSIGNABLE_ROLES, ROLES } from '@strata/domain/permissions/actions';
import { MAX_INVITATIONS } from '@strata/domain/permissions/invitations';
import { z } from 'zod';
import { emailSchema, grantTypeSchema, newPasswordSchema } from './auth';
import { tokenRecordSchema } from './common';
import { teamMemberSchema } from './teams';

export const invitationPaths = {
  invite: '/api/teams/:id/members',
  pending: '/api/teams/:id/members/invitations',
  resend: '/api/teams/:id/members/resend',
  mine: '/api/me/invitations',
  mineOne: '/api/me/invitations/:invitationId',
  acceptMine: '/api/me/invitations/:invitationId/accept',
  lookup: '/api/invitations/lookup',
  accept: '/api/invitations/accept',
  register: '/api/invitations/register',
} as const;

/**
 * POST .../members: whom to invite and with which role (never owner). Addresses are checked one
 * by one in the service, so one mistyped address does not stop the others.
 */
export const inviteBody = z.object({
  invitations: z
    .array(z.object({ email: z.string().trim().max(254), role: z.enum(ASSIGNABLE_ROLES) }))
    .min(1)
    .max(MAX_INVITATIONS),
  boardId: z.string().min(1).max(64).optional(),
});
export type InviteBody = z.infer<typeof inviteBody>;

/** A pending invitation: the invitee as a team member with the role they will get, and its dates. */
export const pendingInvitationSchema = teamMemberSchema.extend({
  invited_by: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const inviteResponse = z.object({ users: z.array(pendingInvitationSchema) });
export const resendBody = z.object({ user_id: z.number().int().positive().max(2_147_483_647) });

/** The link of an invitation mail: /register/invitation?token=…&email=… */
export const invitationLinkBody = z.object({ token: z.string().min(1).max(200), email: emailSchema });

/** What the invitation page shows before the invitee signs in or registers. */
export const invitationLookupResponse = z.object({
  team: z.object({ id: z.number().int(), name: z.string(), photo_url: z.string().nullable() }),
  email: z.string(),
  role: z.enum(ROLES),
  inviter_name: z.string().nullable(),
  /** The address already has an account: sign in to accept; else register. */
  account_exists: z.boolean(),
});
export type InvitationLookup = z.infer<typeof invitationLookupResponse>;

export const acceptInvitationResponse = z.object({ team_id: z.number().int() });

/** Registering from an invitation: the link proves the address, so the account starts verified. */
export const registerFromInvitationBody = invitationLinkBody.extend({
  name: z.string().trim().min(1, { message: 'The name is required.' }).max(120),
  password: newPasswordSchema,
  locale: z.enum(LOCALES).optional(),
  grantType: grantTypeSchema,
});
export const registerFromInvitationResponse = z.object({
  team_id: z.number().int(),
  intended: z.string().nullable(),
  token: tokenRecordSchema,
});

/** An invitation waiting for the signed-in user, as their home page lists it. */
export const myInvitationSchema = z.object({
  id: z.string().uuid(),
  team: z.object({ id: z.number().int(), name: z.string(), photo_url: z.string().nullable() }),
  role: z.enum(ROLES),
  inviter_name: z.string().nullable(),
  expires_at: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationParams = z.object({ invitationId: z.string().uuid() });
