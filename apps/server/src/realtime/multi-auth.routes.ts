import { commonErrorResponses } from '@strata/contracts/common';
import { multiAuthBody, multiAuthResponse, realtimePaths } from '@strata/contracts/realtime';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../http/authenticate';
import type { RealtimeBus } from './bus';
import { authoriseChannels } from './multi-auth.service';

/** POST /api/broadcasting/multi-auth: Pusher channel authorisation for many channels at once. */
export function multiAuthRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; key: string; secret: string; bus: RealtimeBus },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    realtimePaths.multiAuth,
    {
      schema: {
        tags: ['realtime'],
        body: multiAuthBody,
        response: { 200: multiAuthResponse, ...commonErrorResponses },
      },
    },
    async (request) =>
      authoriseChannels({
        ...options,
        user: requireUser(request).user,
        socketId: request.body.socketId,
        channelNames: request.body.channelNames,
      }),
  );
}
