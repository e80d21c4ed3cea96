import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onRequestAbort';

/**
 * Appends a hook to one route. Cross-cutting hooks are attached per route from `onRoute`, so a
 * route pays only for what it declares (a public GET runs none of them).
 */
export function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown[]>)[name] = [...list, hook];
}

/** The route's declared authentication; API routes default to required, other paths to public. */
export function routeAuthMode(route: RouteOptions): 'required' | 'optional' | 'public' {
  const declared = (route.config as { auth?: 'required' | 'optional' | 'public' } | undefined)?.auth;
  return declared ?? (route.url.startsWith('/api/') ? 'required' : 'public');
}

export function routeMethods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}
