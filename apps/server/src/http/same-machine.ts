import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.y.z), which BlockList maps. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 4) return loopback.check(address, 'ipv4');
  if (family === 6) return loopback.check(address, 'ipv6');
  return false;
}

/**
 * Whether a request comes from this machine. Behind TRUST_PROXY every hop counts, the socket's
 * peer and each X-Forwarded-For address: a client far away cannot pass by sending
 * `X-Forwarded-For: 127.0.0.1` through the proxy, which only appends its own peer to the list.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const hops = request.ips ?? [request.ip];
  return hops.length > 0 && hops.every(isLoopbackAddress);
}

/**
 * Route hook for pages only this machine may see: anyone else gets what an unknown route
 * answers, so the route's existence is not revealed either.
 */
export function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isFromThisMachine(request)) done();
  else reply.callNotFound();
}
