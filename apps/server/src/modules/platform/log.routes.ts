import { logBody, logPath } from '@strata/contracts/log';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';

/**
 * PUT /api/log: the app's usage events (page views). No analytics driver is configured, so they
 * go to the structured log, with the user id and without any other personal data.
 */
export function logRoutes(app: FastifyInstance, _ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(logPath, { schema: { tags: ['platform'], body: logBody } }, async (request, reply) => {
      const { user } = requireUser(request);
      request.log.info(
        { event: request.body.name, properties: request.body.properties, userId: user.id },
        'app event',
      );
      return reply.code(204).send();
    });
}
