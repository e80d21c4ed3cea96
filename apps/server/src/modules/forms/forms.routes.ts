import { commonErrorResponses } from '@strata/contracts/common';
import {
  formParams,
  formPaths,
  formSubmissionBody,
  formSubmittedSchema,
  publicFormSchema,
} from '@strata/contracts/forms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createItemCreateBatcher } from '../items/item-create-batcher';
import { issueChallenge } from './form-challenges';
import { submitFormAnswer } from './form-submissions';
import { findLiveForm, publicFormOf } from './public-form';

/** Reads of forms per minute from one address: a page load each, and a few retries. */
const FORM_READS_PER_MINUTE = 60;
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
  r.post(
    formPaths.submissions,
    {
      config: { auth: 'optional' as const },
      preHandler: [
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
      ],
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
}
