import { createHash } from 'node:crypto';
import { itemIdOfSlug, parsePublishedSiteKey } from '@strata/domain/documents/page-slug';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { PUBLISHED_PAGE_CSP, renderPublishedPage, siteUrl } from './published-page-html';
import {
  findPublishedSite,
  type PublishedPage,
  type PublishedSite,
  readPageDocument,
} from './published-site';

/** Page reads per minute from one address: a reader, a crawler of a small site. */
const PAGE_READS_PER_MINUTE = 120;

/** Rendered pages kept in memory, the oldest dropped beyond this many. */
const RENDERED_MAX = 500;

/** What a rendered page shows besides its document: the view, the workspace, every page's title and change time. */
function signatureOf(site: PublishedSite, page: PublishedPage): string {
  const hash = createHash('sha256');
  hash.update(
    `${page.id}|${site.viewUpdatedAt.getTime()}|${site.locale}|${site.workspaceName}|${site.siteName}`,
  );
  for (const each of site.pages)
    hash.update(`|${each.id}:${each.parentId ?? ''}:${each.title}:${each.updatedAt.getTime()}`);
  return hash.digest('base64');
}

/** The not-found page every wrong address gets: nothing tells a missing site from an unpublished one. */
function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'no-store')
    .send('<!doctype html><html lang="en"><title>Not found</title><h1>Not found</h1></html>\n');
}

/**
 * Published documents sites (docs/documents.md): `/p/e{workspaceId}-{viewId}` opens the first
 * page, `/p/e{workspaceId}-{viewId}/{itemSlug}` a page, `/p/i{workspaceId}-{viewId}/{itemSlug}` a
 * page shared alone (no site around it); an address with an old title (the item id
 * still at its end) redirects to the page's address now. Anyone may read them, signed in or not;
 * they are rendered on the server, readable without JavaScript.
 */
export function publishedRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A page is rendered once per change of what it shows, not per reader.
  const rendered = new Map<string, { signature: string; html: string }>();
  const renderOnce = async (site: PublishedSite, page: PublishedPage) => {
    const key = `${site.kind}:${site.viewId}:${page.id}`;
    const signature = signatureOf(site, page);
    const kept = rendered.get(key);
    if (kept?.signature === signature) return kept.html;
    const html = renderPublishedPage(
      site,
      page,
      await readPageDocument(ctx, site.teamId, page.id),
      ctx.config.appUrl,
    );
    rendered.delete(key);
    rendered.set(key, { signature, html });
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    return html;
  };
  const config = {
    auth: 'public' as const,
    rateLimit: {
      max: PAGE_READS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string }) => `published:${request.ip}`,
    },
  };
  const serve = async (site: string, slug: string | undefined, reply: FastifyReply) => {
    const place = parsePublishedSiteKey(site);
    if (!place) return notFound(reply);
    let found: Awaited<ReturnType<typeof findPublishedSite>>;
    try {
      found = await findPublishedSite(ctx, place.teamId, place.viewId, place.kind);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return notFound(reply);
      throw error;
    }
    const ids = new Set(found.pages.map((page) => page.id));
    // A page shared alone has only its own address: no site to open on.
    if (found.kind === 'i' && slug === undefined) return notFound(reply);
    const page =
      slug === undefined
        ? (found.pages.find((candidate) => !candidate.parentId || !ids.has(candidate.parentId)) ?? null)
        : (found.pages.find((candidate) => candidate.id === itemIdOfSlug(slug)) ?? null);
    if (!page) return notFound(reply);
    if (slug !== undefined && slug !== page.slug)
      return reply.redirect(siteUrl(ctx.config.appUrl, found, page), 301);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PUBLISHED_PAGE_CSP)
      .removeHeader('x-frame-options')
      .header('cache-control', 'no-cache')
      .send(await renderOnce(found, page));
  };
  app.get<{ Params: { site: string } }>('/p/:site', { config, schema: { hide: true } }, (request, reply) =>
    serve(request.params.site, undefined, reply),
  );
  app.get<{ Params: { site: string; page: string } }>(
    '/p/:site/:page',
    { config, schema: { hide: true } },
    (request, reply) => serve(request.params.site, request.params.page, reply),
  );
}
