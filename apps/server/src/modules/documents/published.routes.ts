import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { itemIdOfSlug, parsePublishedSiteKey } from '@strata/domain/documents/page-slug';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { attachmentPath, contentDisposition, servingOf } from '../attachments/attachment-files';
import { findPublishedFiles } from './published-files';
import { renderPublishedFiles } from './published-files-html';
import { findPublishedPageFile, placedFiles } from './published-page-files';
import { PUBLISHED_PAGE_CSP, renderPublishedPage, siteUrl } from './published-page-html';
import {
  findPublishedSite,
  type PublishedPage,
  type PublishedSite,
  readPageDocument,
} from './published-site';

/** Page reads per minute from one address: a reader, a crawler of a small site. */
const PAGE_READS_PER_MINUTE = 120;

/** File downloads per minute from one address. */
const DOWNLOADS_PER_MINUTE = 60;

/** Rendered pages kept in memory, the oldest dropped beyond this many. */
const RENDERED_MAX = 500;

/** What a rendered page shows besides its document: the view, the workspace, every page's title and change time. */
function signatureOf(site: PublishedSite, page: PublishedPage): string {
  const hash = createHash('sha256');
  hash.update(
    `${page.id}|${site.viewUpdatedAt.getTime()}|${site.locale}|${site.workspaceName}|${site.workspaceLogo}|${site.siteName}`,
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
 * page shared alone (no site around it), `/p/f{workspaceId}-{viewId}` a files view's list and
 * `/p/f.../files/{fileId}` its files; an address with an old title (the item id
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
    const document = await readPageDocument(ctx, site.teamId, page.id);
    const html = renderPublishedPage(
      site,
      page,
      document,
      ctx.config.appUrl,
      await placedFiles(ctx, site, document.html),
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
  const downloads = {
    auth: 'public' as const,
    rateLimit: {
      max: DOWNLOADS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string }) => `published-file:${request.ip}`,
    },
  };
  const renderedFiles = new Map<string, { signature: string; html: string }>();
  /** A published files view's list (docs/files-view.md), rendered once per change of what it shows. */
  const serveFiles = async (teamId: number, viewId: string, reply: FastifyReply) => {
    const list = await findPublishedFiles(ctx, teamId, viewId);
    let kept = renderedFiles.get(viewId);
    if (kept?.signature !== list.signature) {
      kept = { signature: list.signature, html: renderPublishedFiles(list, ctx.config.appUrl) };
      renderedFiles.delete(viewId);
      renderedFiles.set(viewId, kept);
      if (renderedFiles.size > RENDERED_MAX) renderedFiles.delete(renderedFiles.keys().next().value!);
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PUBLISHED_PAGE_CSP)
      .removeHeader('x-frame-options')
      .header('cache-control', 'no-cache')
      .send(kept.html);
  };
  const serve = async (site: string, slug: string | undefined, reply: FastifyReply) => {
    const place = parsePublishedSiteKey(site);
    if (!place) return notFound(reply);
    if (place.kind === 'f') {
      if (slug !== undefined) return notFound(reply);
      try {
        return await serveFiles(place.teamId, place.viewId, reply);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return notFound(reply);
        throw error;
      }
    }
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
  /**
   * The stored file a published address may serve: for a files view one its list shows now; for
   * a documents site or a page shared alone one a page of it holds now (published-page-files.ts).
   */
  const publishedFile = async (site: string, fileId: string) => {
    const place = parsePublishedSiteKey(site);
    if (!place) return undefined;
    try {
      if (place.kind === 'f') {
        const list = await findPublishedFiles(ctx, place.teamId, place.viewId);
        return list.files.find((candidate) => candidate.id === fileId);
      }
      return await findPublishedPageFile(
        ctx,
        await findPublishedSite(ctx, place.teamId, place.viewId, place.kind),
        fileId,
      );
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      return undefined;
    }
  };
  // A file of a published files view or page: always a download, but for a page's image, shown in place.
  app.get<{ Params: { site: string; fileId: string } }>(
    '/p/:site/files/:fileId',
    { config: downloads, schema: { hide: true } },
    async (request, reply) => {
      const file = await publishedFile(request.params.site, request.params.fileId);
      if (!file) return notFound(reply);
      const path = attachmentPath(ctx, file.storageKey);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return notFound(reply);
      const inPage = parsePublishedSiteKey(request.params.site)?.kind !== 'f';
      const { type, inline } = servingOf(file.mimeType, !inPage);
      return reply
        .type(type)
        .header('content-length', info.size)
        .header('content-disposition', contentDisposition(file.name, inline))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'no-cache')
        .send(createReadStream(path));
    },
  );
  app.get<{ Params: { site: string } }>('/p/:site', { config, schema: { hide: true } }, (request, reply) =>
    serve(request.params.site, undefined, reply),
  );
  app.get<{ Params: { site: string; page: string } }>(
    '/p/:site/:page',
    { config, schema: { hide: true } },
    (request, reply) => serve(request.params.site, request.params.page, reply),
  );
}
