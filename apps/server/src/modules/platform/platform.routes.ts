import { appVarsPath, appVarsSchema } from '@strata/contracts/app-vars';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { buildAppVars } from './app-vars';

export function platformRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Serialised once: the route is what load balancers poll.
  const healthBody = JSON.stringify({ status: 'ok', version: ctx.config.appVersion });

  /** Liveness: no I/O, so load balancers and the HTTP-overhead bench measure the stack alone. */
  r.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        description: 'Liveness: `{ status, version }`, without any I/O.',
      },
    },
    (_request, reply) => {
      reply.type('application/json; charset=utf-8').send(healthBody);
    },
  );

  /** Readiness: the database answers. */
  r.get(
    '/api/health/ready',
    { config: { auth: 'public' }, schema: { tags: ['platform'] } },
    async (_request, reply) => {
      try {
        await ctx.database.executeSql('select 1 as ok', []);
        return { status: 'ok', database: ctx.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: ctx.database.kind });
      }
    },
  );

  const appVars = buildAppVars(ctx.config, ctx.autobotId);
  r.get(
    appVarsPath,
    { config: { auth: 'public' }, schema: { tags: ['platform'], response: { 200: appVarsSchema } } },
    async () => appVars,
  );

  r.get('/api/docs', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
