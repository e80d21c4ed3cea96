import {
  authPaths,
  confirmPasswordBody,
  confirmPasswordResponse,
  emailOnlyBody,
  loginBody,
  loginResponse,
  logoutBody,
  mailQueuedResponse,
  refreshBody,
  refreshResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
  verifyEmailBody,
  verifyEmailResponse,
} from '@strata/contracts/auth';
import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { authRateLimit } from '../../http/security';
import {
  confirmPassword,
  login,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';
import { findSessionByRefreshToken, revokeSession, rotateRefreshToken } from './sessions.service';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { auth: 'public' as const, rateLimit: authRateLimit(ctx.config) };
  const tags = ['auth'];

  const setCookie = (reply: FastifyReply, token: string) => setRefreshCookie(reply, ctx.config, token);
  const clientInfo = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });

  r.post(
    authPaths.register,
    {
      config: limited,
      schema: { tags, body: registerBody, response: { 201: registerResponse, ...commonErrorResponses } },
    },
    async (request, reply) => {
      const result = await registerUser({ ctx, ...request.body });
      return reply.code(201).send({ email: result.email, verification_sent: true as const });
    },
  );

  r.post(
    authPaths.login,
    {
      config: limited,
      schema: { tags, body: loginBody, response: { 200: loginResponse, ...commonErrorResponses } },
    },
    async (request, reply) => {
      const { grantType, email, password } = request.body;
      const issued = await login({ ctx, email, password, ...clientInfo(request) });
      if (grantType === 'cookie') setCookie(reply, issued.refreshToken);
      const token =
        grantType === 'token' ? { ...issued.record, refresh_token: issued.refreshToken } : issued.record;
      return { intended: null, token };
    },
  );

  r.post(
    authPaths.refresh,
    {
      config: limited,
      schema: { tags, body: refreshBody, response: { 200: refreshResponse, ...commonErrorResponses } },
    },
    async (request, reply) => {
      const { grantType } = request.body;
      const presented = grantType === 'token' ? request.body.refresh_token : request.cookies[REFRESH_COOKIE];
      if (!presented) throw new AppError('SESSION_EXPIRED');
      try {
        const issued = await rotateRefreshToken({ ctx, refreshToken: presented });
        if (grantType === 'cookie') setCookie(reply, issued.refreshToken);
        return {
          token:
            grantType === 'token' ? { ...issued.record, refresh_token: issued.refreshToken } : issued.record,
        };
      } catch (error) {
        if (grantType === 'cookie') clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post(
    authPaths.logout,
    { config: { auth: 'optional' }, schema: { tags, body: logoutBody, response: { 200: okSchema } } },
    async (request, reply) => {
      const presented = request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE];
      const sessionId =
        request.auth?.sessionId ?? (presented ? await findSessionByRefreshToken(ctx, presented) : undefined);
      if (sessionId) await revokeSession(ctx, sessionId, 'logout');
      clearRefreshCookie(reply);
      return { ok: true as const };
    },
  );

  r.post(
    authPaths.verifyEmail,
    {
      config: limited,
      schema: {
        tags,
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const result = await verifyEmail({ ctx, ...request.body });
      return { email: result.email, verified: true as const };
    },
  );

  r.post(
    authPaths.resendVerification,
    { config: limited, schema: { tags, body: emailOnlyBody, response: { 202: mailQueuedResponse } } },
    async (request, reply) => {
      await resendVerification({ ctx, email: request.body.email });
      return reply.code(202).send({ queued: true as const });
    },
  );

  r.post(
    authPaths.forgotPassword,
    { config: limited, schema: { tags, body: emailOnlyBody, response: { 202: mailQueuedResponse } } },
    async (request, reply) => {
      await requestPasswordReset({ ctx, email: request.body.email });
      return reply.code(202).send({ queued: true as const });
    },
  );

  r.post(
    authPaths.resetPassword,
    {
      config: limited,
      schema: { tags, body: resetPasswordBody, response: { 200: okSchema, ...commonErrorResponses } },
    },
    async (request) => {
      await resetPassword({ ctx, ...request.body });
      return { ok: true as const };
    },
  );

  r.post(
    authPaths.confirmPassword,
    {
      config: { rateLimit: authRateLimit(ctx.config) },
      schema: {
        tags,
        body: confirmPasswordBody,
        response: { 200: confirmPasswordResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return confirmPassword({
        ctx,
        userId: user.id,
        passwordHash: user.passwordHash,
        password: request.body.password,
      });
    },
  );
}
