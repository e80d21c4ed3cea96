import type { UserRow } from '../db/schema/users';

export interface AuthState {
  user: UserRow;
  sessionId: string;
}

export type RouteAuth = 'required' | 'optional' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' (the default for /api routes), 'optional' (user if a valid token is sent), 'public'. */
    auth?: RouteAuth;
    /**
     * A collection of synced records of the workspace in `params.teamId`: the answer carries
     * `X-Change-Seq`, the delta-sync cursor it covers (change-cursor.ts); `'route'` when the route
     * reads the counter with its list and sets it (setChangeCursor).
     */
    changeCursor?: boolean | 'route';
    /**
     * Requests for which the route writes the idempotency key itself, with its answer, in the
     * transaction of its change (item creates, group-committed: idempotency.ts `claimDeferred`).
     */
    deferIdempotency?: (request: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    idempotency: {
      userId: number;
      key: string;
      replayed: boolean;
      /** The route writes the key (see deferIdempotency); nothing was claimed yet. */
      deferred?: { key: string; requestHash: string };
    } | null;
  }
}
