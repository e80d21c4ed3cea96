import multipart from '@fastify/multipart';
import { commonErrorResponses } from '@strata/contracts/common';
import {
  formParams,
  formPaths,
  formSubmissionBody,
  formSubmittedSchema,
  publicFormSchema,
} from '@strata/contracts/forms';
import { MAX_FORM_FILES } from '@strata/domain/forms/form-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { invalidField, invalidFields, issueFieldError } from '../../http/field-errors';
import { createItemCreateBatcher } from '../items/item-create-batcher';
import { issueChallenge } from './form-challenges';
import { submitFormAnswer } from './form-submissions';
import { drainParts, readSubmissionPart } from './form-uploads';
import { findLiveForm, publicFormOf } from './public-form';

/** Reads of forms per minute from one address: a page load each, and a few retries. */
const FORM_READS_PER_MINUTE = 60;
/** The answer's JSON in a multipart answer: its texts, not its files. */
const SUBMISSION_FIELD_BYTES = 1024 * 1024;
/** Answers per minute from one address to one form (from everywhere: FORM_ANSWERS_PER_MINUTE). */
const ANSWERS_PER_ADDRESS_PER_MINUTE = 10;

const formIdOf = (request: { params: unknown }) => (request.params as { formId?: string }).formId ?? '';

/**
 * Public forms (docs/forms.md): anyone, signed in or not, reads a shared form and answers it.
 * Rate limited per address and, for answers, per form too; each answer also carries a solved
 * proof-of-work challenge and passes a honeypot.
 */
export function formRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const creates = createItemCreateBatcher(ctx);
  r.get(
    formPaths.form,
    {
      config: {
        auth: 'public' as const,
        rateLimit: {
          max: FORM_READS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `form-read:${request.ip}`,
        },
      },
      schema: {
        tags,
        params: formParams,
        response: { 200: publicFormSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const form = await findLiveForm(ctx, request.params.formId);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return publicFormOf(ctx, form, await issueChallenge(ctx, form.view.id));
    },
  );
  // Answers with and without files count together against the same limits.
  const answerLimits = [
    app.rateLimit({
      max: ANSWERS_PER_ADDRESS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request) => `form-answer:${formIdOf(request)}:${request.ip}`,
    }),
    app.rateLimit({
      max: ctx.config.formAnswersPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `form-answers:${formIdOf(request)}`,
    }),
  ];
  r.post(
    formPaths.submissions,
    {
      config: { auth: 'optional' as const },
      preHandler: answerLimits,
      schema: {
        tags,
        params: formParams,
        body: formSubmissionBody,
        response: { 201: formSubmittedSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const answer = await submitFormAnswer({
        ctx,
        formId: request.params.formId,
        body: request.body,
        user: request.auth?.user ?? null,
        creates,
      });
      return reply.code(201).send(answer);
    },
  );
  // Multipart parsing only here: the answer's JSON as the field `submission`, then its files.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ctx.config.attachmentMaxMb * 1024 * 1024,
        files: MAX_FORM_FILES,
        fields: 1,
        fieldSize: SUBMISSION_FIELD_BYTES,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      formPaths.submissionsWithFiles,
      {
        config: { auth: 'optional' as const },
        preHandler: answerLimits,
        schema: { tags, params: formParams, response: { 201: formSubmittedSchema, ...commonErrorResponses } },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw invalidField('submission', 'FILE_NOT_MULTIPART', { field: 'submission' });
        const parts = request.parts();
        const iterator = parts[Symbol.asyncIterator]();
        const files = { [Symbol.asyncIterator]: () => iterator };
        try {
          const parsed = formSubmissionBody.safeParse(await readSubmissionPart(iterator));
          if (!parsed.success)
            throw invalidFields(
              parsed.error.issues.map((issue) => issueFieldError(issue.path.join('.'), issue)),
            );
          const answer = await submitFormAnswer({
            ctx,
            formId: request.params.formId,
            body: parsed.data,
            user: request.auth?.user ?? null,
            creates,
            files,
          });
          await drainParts(files);
          return reply.code(201).send(answer);
        } catch (error) {
          await drainParts(files).catch(() => undefined);
          throw error;
        }
      },
    );
  });
}
