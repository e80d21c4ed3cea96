import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { requireUser } from '../../http/authenticate';
import type { RecordCollection } from './record-collections';
import { runWrite } from './write-scope';

/**
 * The generic routes of one record collection (ARCHITECTURE.md section 5): PUT saves with
 * compare-and-set (create at row_version 1), DELETE moves to the trash. Each runs the
 * collection's save or delete in a transaction of its own; save-multiple runs the same functions
 * in one transaction for a whole batch.
 */
export function recordRoutes(
  r: ReturnType<FastifyInstance['withTypeProvider']>,
  ctx: AppContext,
  options: {
    path: string;
    params: z.ZodType<{ teamId: number; id: string }>;
    record: z.ZodType;
    collection: RecordCollection;
    tags: string[];
    /** Saves in place of the collection's own put in a transaction of its own (item creates are batched). */
    save?(target: {
      user: UserRow;
      teamId: number;
      id: string;
      body: unknown;
      request: FastifyRequest;
      reply: FastifyReply;
    }): Promise<unknown>;
    /** PUTs whose idempotency key `save` writes itself, with its answer (http/idempotency.ts). */
    deferIdempotency?: (request: FastifyRequest) => boolean;
  },
): void {
  const { collection, tags } = options;
  const target = (request: FastifyRequest) => {
    const params = request.params as { teamId: number; id: string };
    return { user: requireUser(request).user, teamId: params.teamId, id: params.id };
  };
  r.put(
    options.path,
    {
      config: { deferIdempotency: options.deferIdempotency },
      schema: {
        tags,
        params: options.params,
        body: collection.body,
        response: { 200: options.record, ...commonErrorResponses },
      },
    },
    (request, reply) => {
      const { user, teamId, id } = target(request);
      if (options.save) return options.save({ user, teamId, id, body: request.body, request, reply });
      return runWrite(ctx, user, teamId, (scope) => collection.put(scope, id, request.body));
    },
  );
  r.delete(
    options.path,
    { schema: { tags, params: options.params, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      const { user, teamId, id } = target(request);
      await runWrite(ctx, user, teamId, (scope) => collection.remove(scope, id));
      return { ok: true as const };
    },
  );
}
