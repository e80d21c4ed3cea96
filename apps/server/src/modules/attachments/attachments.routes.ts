import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  attachmentFileQuery,
  attachmentParams,
  attachmentPaths,
  attachmentSchema,
  uploadAttachmentQuery,
} from '@strata/contracts/attachments';
import { base62Id, teamParams } from '@strata/contracts/boards';
import { commonErrorResponses } from '@strata/contracts/common';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { invalidField } from '../../http/field-errors';
import { getTeamAccess } from '../teams/team-access';
import { attachmentPath, contentDisposition, servingOf } from './attachment-files';
import {
  createAttachment,
  getReadableAttachment,
  requireUploadAccess,
  toAttachment,
} from './attachments.service';

/** `board_id` from the query, or from a multipart field sent before the file. */
function boardIdOf(query: string | undefined, fields: Record<string, unknown>): string | undefined {
  const field = fields.board_id as { type?: string; value?: unknown } | undefined;
  if (field?.type !== 'field') return query;
  const parsed = base62Id.safeParse(field.value);
  if (!parsed.success) throw invalidField('board_id', 'BOARD_ID_INVALID');
  if (query !== undefined && query !== parsed.data) throw invalidField('board_id', 'BOARD_ID_MISMATCH');
  return parsed.data;
}

/**
 * Attachments (public API v2): upload (multipart field `file`), the attachment, and its bytes.
 * Registered in the multipart scope of app.ts; the upload's size limit is ATTACHMENT_MAX_MB.
 */
export function attachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attachments'];

  r.post(
    attachmentPaths.upload,
    {
      schema: {
        tags,
        params: teamParams,
        querystring: uploadAttachmentQuery,
        response: { 201: attachmentSchema, ...commonErrorResponses, 413: commonErrorResponses[422] },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { teamId } = request.params;
      const queryBoardId = request.query.board_id;
      // Permission first: nobody streams a file into a workspace or board they may not fill in.
      // With the board in the query the whole check runs before the body is touched; a board sent
      // as a form field is checked once the fields before the file are read, still before its bytes.
      const access = queryBoardId
        ? await requireUploadAccess({ ctx, user, teamId, boardId: queryBoardId })
        : await getTeamAccess(ctx, teamId, user);
      const file = await readFilePart(request, ctx.config.attachmentMaxMb);
      let boardId: string | undefined;
      try {
        boardId = boardIdOf(queryBoardId, file.fields);
        if (!queryBoardId) await requireUploadAccess({ ctx, user, teamId, boardId, access });
      } catch (error) {
        file.file.resume();
        throw error;
      }
      const attachment = await createAttachment({
        ctx,
        access,
        user,
        boardId: boardId ?? null,
        file: { filename: file.filename, mimetype: file.mimetype, stream: file.file },
      });
      return reply.code(201).send(attachment);
    },
  );

  r.get(
    attachmentPaths.attachment,
    {
      schema: {
        tags,
        params: attachmentParams,
        response: { 200: attachmentSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { teamId, id } = request.params;
      return toAttachment(await getReadableAttachment({ ctx, user: requireUser(request).user, teamId, id }));
    },
  );

  r.get(
    attachmentPaths.file,
    { schema: { tags, params: attachmentParams, querystring: attachmentFileQuery } },
    async (request, reply) => {
      const { teamId, id } = request.params;
      const row = await getReadableAttachment({ ctx, user: requireUser(request).user, teamId, id });
      const path = attachmentPath(ctx, row.storageKey);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('NOT_FOUND');
      const download = request.query.download === '1' || request.query.download === 'true';
      const { type, inline } = servingOf(row.mimeType, download);
      const etag = `"${row.id}"`;
      // The bytes under an id never change; `private` keeps shared caches out, and a reader
      // whose access was taken away loses it when the hour is up.
      reply
        .header('etag', etag)
        .header('last-modified', row.createdAt.toUTCString())
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type(type)
        .header('content-length', info.size)
        .header('content-disposition', contentDisposition(row.name, inline))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(path));
    },
  );
}

/** The one file part of a multipart upload, read with the attachment size limit. */
async function readFilePart(request: FastifyRequest, maxMb: number) {
  if (!request.isMultipart()) {
    throw invalidField('file', 'FILE_NOT_MULTIPART', { field: 'file' });
  }
  const file = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 5 } });
  if (file?.fieldname !== 'file') {
    file?.file.resume();
    throw invalidField('file', 'FILE_FIELD_MISSING', { field: 'file' });
  }
  return file;
}
