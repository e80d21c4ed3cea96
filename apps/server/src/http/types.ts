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
  }
  interface FastifyRequest {
    auth: AuthState | null;
    idempotency: { userId: number; key: string; replayed: boolean } | null;
  }
}
