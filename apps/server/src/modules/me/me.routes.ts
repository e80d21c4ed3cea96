import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import {
  changePasswordBody,
  mePaths,
  profileSchema,
  updateEmailBody,
  updateProfileBody,
} from '@strata/contracts/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { readUploadedImage } from '../../lib/image-store';
import { requirePasswordConfirmation } from '../auth/auth.service';
import { changePassword, requestEmailChange, updateProfile } from './me.service';
import { removeProfilePhoto, setProfilePhoto } from './photo.service';
import { toProfile } from './profile';

export function meRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const confirmation = (headers: Record<string, unknown>) => {
    const value = headers['x-authorization-password'];
    return typeof value === 'string' ? value : undefined;
  };

  r.get(mePaths.me, { schema: { tags, response: { 200: profileSchema } } }, async (request) =>
    toProfile(requireUser(request).user),
  );

  r.put(
    mePaths.me,
    { schema: { tags, body: updateProfileBody, response: { 200: profileSchema, ...commonErrorResponses } } },
    async (request) => {
      const { user } = requireUser(request);
      return toProfile(await updateProfile({ ctx, user, changes: request.body }));
    },
  );

  r.put(
    mePaths.email,
    { schema: { tags, body: updateEmailBody, response: { 200: profileSchema, ...commonErrorResponses } } },
    async (request) => {
      const { user } = requireUser(request);
      await requirePasswordConfirmation(ctx, user.id, confirmation(request.headers));
      return toProfile(await requestEmailChange({ ctx, user, email: request.body.email }));
    },
  );

  r.put(
    mePaths.password,
    { schema: { tags, body: changePasswordBody, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      const { user, sessionId } = requireUser(request);
      await requirePasswordConfirmation(ctx, user.id, confirmation(request.headers));
      await changePassword({ ctx, user, sessionId, password: request.body.password });
      return { ok: true as const };
    },
  );

  r.post(
    mePaths.photo,
    { schema: { tags, response: { 200: profileSchema, ...commonErrorResponses } } },
    async (request) => {
      const { user } = requireUser(request);
      const bytes = await readUploadedImage(request, ctx.config.photoMaxMb, 'photo');
      return toProfile(await setProfilePhoto({ ctx, user, bytes }));
    },
  );

  r.delete(mePaths.photo, { schema: { tags, response: { 200: profileSchema } } }, async (request) =>
    toProfile(await removeProfilePhoto({ ctx, user: requireUser(request).user })),
  );
}
