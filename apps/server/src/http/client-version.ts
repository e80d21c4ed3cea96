import { isUpdateRequired } from '@strata/domain/version';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/** The response header that tells a client below MIN_CLIENT_VERSION to update (spec section 4). */
export const UPDATE_REQUIRED_HEADER = 'x-update-required';

export const FORCE_RELOAD_HEADER = 'x-force-reload';

/**
 * Flags clients below MIN_CLIENT_VERSION (X-Update-Required: the app offers to update) and below
 * FORCE_CLIENT_VERSION (X-Force-Reload: the app reloads at once).
 */
export function registerClientVersion(app: FastifyInstance, config: AppConfig): void {
  const { minClientVersion: minimum, forceClientVersion: forced } = config;
  if (!minimum && !forced) return;
  app.addHook('onRequest', (request, reply, done) => {
    const version = request.headers['x-client-version'];
    if (typeof version === 'string') {
      if (minimum && isUpdateRequired(version, minimum)) reply.header(UPDATE_REQUIRED_HEADER, minimum);
      if (forced && isUpdateRequired(version, forced)) reply.header(FORCE_RELOAD_HEADER, forced);
    }
    done();
  });
}
