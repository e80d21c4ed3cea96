import { isUpdateRequired } from '@strata/domain/version';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/** The response header that tells a client below MIN_CLIENT_VERSION to update (spec section 4). */
export const UPDATE_REQUIRED_HEADER = 'x-update-required';

export function registerClientVersion(app: FastifyInstance, config: AppConfig): void {
  if (!config.minClientVersion) return;
  const minimum = config.minClientVersion;
  app.addHook('onRequest', (request, reply, done) => {
    const version = request.headers['x-client-version'];
    if (typeof version === 'string' && isUpdateRequired(version, minimum)) {
      reply.header(UPDATE_REQUIRED_HEADER, minimum);
    }
    done();
  });
}
