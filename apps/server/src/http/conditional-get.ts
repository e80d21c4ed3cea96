import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FolderSnapshot } from '../cache/folder-snapshots';
import { preferredEncoding } from './compression';

/** Says that a list's answer holds the whole list, not only a first page of it. */
export const COMPLETE_LIST_HEADER = 'x-complete-list';

/** Whether an If-None-Match header names this hash (a list, weak tags and `*` included). */
function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return bare === '*' || bare === hash;
  });
}

/**
 * Sends a collection's JSON text with its cache headers (ARCHITECTURE.md section 5):
 * `X-Content-Hash` (and the same value as the ETag) is a hash of exactly the bytes sent,
 * `X-Last-Modified` the newest `updated_at` among them. A request whose If-None-Match names the
 * hash gets 304 with no body. The body is passed already serialised: a large collection is
 * serialised once, and the hash is of what was sent. `type`: another text than JSON (a calendar).
 */
export function sendCollection(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  lastModified: Date | null,
  type = 'application/json; charset=utf-8',
): FastifyReply {
  const hash = createHash('sha1').update(json).digest('base64url');
  reply.header('x-content-hash', hash).header('etag', `"${hash}"`);
  if (lastModified) reply.header('x-last-modified', lastModified.toISOString());
  if (matchesEtag(request.headers['if-none-match'], hash)) return reply.code(304).send();
  return reply.type(type).send(json);
}

/**
 * Sends a kept folder snapshot (cache/folder-snapshots.ts) as sendCollection sends a collection,
 * without touching the database: a matching If-None-Match is a 304 from memory, and a client that
 * accepts brotli or gzip gets the body compressed once for every reader (not per request; the
 * compression hook leaves an encoded answer alone). Bodies under compression's 1 KB go plain.
 * A snapshot of the whole list says so (`X-Complete-List: true`): a first page asked of a small
 * folder is its whole list, and the client need not read the list again.
 */
export async function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: FolderSnapshot,
): Promise<FastifyReply> {
  reply.header('x-content-hash', snapshot.hash).header('etag', `"${snapshot.hash}"`);
  if (snapshot.lastModified) reply.header('x-last-modified', snapshot.lastModified.toISOString());
  reply.header('vary', 'accept-encoding');
  if (snapshot.complete) reply.header(COMPLETE_LIST_HEADER, 'true');
  if (matchesEtag(request.headers['if-none-match'], snapshot.hash)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    snapshot.json.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(snapshot.json);
  const body = await snapshot.encode(encoding);
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}
