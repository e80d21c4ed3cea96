import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CONTENT_TYPES, IMAGE_FOLDERS, uploadsDir } from '../../lib/image-store';
import { escapeHtml } from '../../mail/templates';

/**
 * Images an <img> loads without a bearer token: generated avatars (drawn only from the request,
 * so they reveal nothing) and uploaded photos (behind unguessable file names).
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/avatars/:initials',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        params: z.object({ initials: z.string().regex(/^[^/]{1,8}\.svg$/u) }),
        querystring: z.object({ hue: z.coerce.number().int().min(0).max(359).default(210) }),
      },
    },
    async (request, reply) => {
      const initials = Array.from(request.params.initials.replace(/\.svg$/, ''))
        .slice(0, 2)
        .join('');
      const { hue } = request.query;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 45%)"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="38" font-weight="600" fill="#fff">${escapeHtml(initials)}</text></svg>`;
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );

  r.get(
    '/api/files/:folder/:ownerId/:file',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        params: z.object({
          folder: z.enum(IMAGE_FOLDERS),
          ownerId: z.coerce.number().int().positive(),
          file: z.string().regex(/^[A-Za-z0-9_-]{24}\.(png|jpg|gif|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { folder, ownerId, file } = request.params;
      const path = join(uploadsDir(ctx), folder, String(ownerId), file);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('NOT_FOUND');
      const ext = file.split('.').pop()!;
      return reply
        .type(CONTENT_TYPES[ext]!)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(createReadStream(path));
    },
  );
}
