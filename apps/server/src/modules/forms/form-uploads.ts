import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { fieldError } from '@strata/domain/field-errors';
import { MAX_FORM_FILES } from '@strata/domain/forms/form-settings';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { attachments } from '../../db/schema/attachments';
import { invalidFields } from '../../http/field-errors';
import { exceedsJsonDepth, findUnstorableText, MAX_JSON_DEPTH } from '../../http/input-policy';
import {
  cleanFileName,
  removeAttachmentFile,
  storedTypeOf,
  writeAttachmentFile,
} from '../attachments/attachment-files';
import type { LiveForm } from './public-form';

/** The files of one answer, stored: their new attachment ids by question, to discard on refusal. */
export interface FormUploads {
  byQuestion: Record<string, { id: string }[]>;
  rows: { id: string; storageKey: string }[];
}

export const NO_UPLOADS: FormUploads = { byQuestion: {}, rows: [] };

/** The part name of a file for a question: `files.{attributeId}`. */
const FILE_PART = /^files\.(.{1,64})$/;

/** Reads what is left of a multipart body without keeping it: a refused answer's files. */
export async function drainParts(parts: AsyncIterable<Multipart>): Promise<void> {
  for await (const part of parts) if (part.type === 'file') part.file.resume();
}

/**
 * Stores the files of an answer as attachments of the form's board, by `actorId` (who writes the
 * item): each part named for an attachments question the form asks, at most MAX_FORM_FILES in
 * all, each within the attachment size limit (the spec's FILE_TOO_LARGE message), its type
 * decided as every upload's is (sniffed images, else the declared type if well formed; served as
 * a download with nosniff). Anything refused leaves nothing stored.
 */
export async function storeFormUploads(
  ctx: AppContext,
  form: LiveForm,
  actorId: number,
  parts: AsyncIterable<Multipart>,
): Promise<FormUploads> {
  const teamId = form.access.team.id;
  const fileQuestions = new Set(
    form.questions.filter((q) => q.attribute.type === 'attachments').map((q) => q.attribute.id),
  );
  const uploads: FormUploads = { byQuestion: {}, rows: [] };
  const maxMb = ctx.config.attachmentMaxMb;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') throw invalidFields([fieldError(part.fieldname, 'FORM_NOT_A_QUESTION')]);
      const attributeId = FILE_PART.exec(part.fieldname)?.[1];
      if (!attributeId || !fileQuestions.has(attributeId)) {
        part.file.resume();
        throw invalidFields([fieldError(`values.${attributeId ?? part.fieldname}`, 'FORM_NOT_A_QUESTION')]);
      }
      if (uploads.rows.length >= MAX_FORM_FILES) {
        part.file.resume();
        throw invalidFields([
          fieldError(`values.${attributeId}`, 'FORM_TOO_MANY_FILES', { max: MAX_FORM_FILES }),
        ]);
      }
      const written = await writeAttachmentFile(ctx, teamId, part.file, maxMb);
      const id = randomUUID();
      uploads.rows.push({ id, storageKey: written.storageKey });
      await ctx.db.insert(attachments).values({
        id,
        teamId,
        boardId: form.board.id,
        name: cleanFileName(part.filename),
        mimeType: storedTypeOf(part.mimetype, written.head),
        size: written.size,
        storageKey: written.storageKey,
        createdBy: actorId,
        createdAt: ctx.clock.now(),
      });
      uploads.byQuestion[attributeId] = [...(uploads.byQuestion[attributeId] ?? []), { id }];
    }
  } catch (error) {
    await drainParts(parts).catch(() => undefined);
    await discardFormUploads(ctx, teamId, uploads);
    // busboy's "too many files" once MAX_FORM_FILES parts were read (the parser's own limit).
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw invalidFields([fieldError('values', 'FORM_TOO_MANY_FILES', { max: MAX_FORM_FILES })]);
    throw error;
  }
  return uploads;
}

/** Removes the files of an answer that was refused: their rows and their bytes. */
export async function discardFormUploads(
  ctx: AppContext,
  teamId: number,
  uploads: FormUploads,
): Promise<void> {
  if (uploads.rows.length === 0) return;
  await ctx.db.delete(attachments).where(
    and(
      eq(attachments.teamId, teamId),
      inArray(
        attachments.id,
        uploads.rows.map((row) => row.id),
      ),
    ),
  );
  for (const row of uploads.rows) await removeAttachmentFile(ctx, row.storageKey);
}

/** A multipart answer's first part: the field `submission`, the JSON of the answer. */
export async function readSubmissionPart(parts: AsyncIterator<Multipart>): Promise<unknown> {
  const first = await parts.next();
  const part = first.done ? undefined : first.value;
  if (part?.type !== 'field' || part.fieldname !== 'submission' || typeof part.value !== 'string') {
    if (part?.type === 'file') part.file.resume();
    throw invalidFields([fieldError('submission', 'FILE_FIELD_MISSING', { field: 'submission' })]);
  }
  let parsed: unknown;
  try {
    if (exceedsJsonDepth(part.value, MAX_JSON_DEPTH)) throw new Error('too deep');
    // A `__proto__` key is dropped, as Fastify's JSON parser refuses it in a JSON body.
    parsed = JSON.parse(part.value, (key, value: unknown) => (key === '__proto__' ? undefined : value));
  } catch {
    throw invalidFields([fieldError('submission', 'FIELD_INVALID')]);
  }
  // The same policy as every JSON body (http/input-policy.ts): text PostgreSQL can store.
  const unstorable = findUnstorableText(parsed, 'submission');
  if (unstorable) throw invalidFields([unstorable]);
  return parsed;
}
