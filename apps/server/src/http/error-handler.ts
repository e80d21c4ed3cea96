import { AppError, type ErrorBody } from '@strata/domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { routeFieldError } from './field-errors';
import { isMalformedMultipart } from './input-policy';

/** The one error handler: AppError by code, validation as 422 with a list, the rest by status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = isMalformedMultipart(thrown) ? new AppError('MALFORMED_MULTIPART') : thrown;
    if (error instanceof AppError) {
      return reply.code(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map(routeFieldError);
      const body: ErrorBody = {
        message: errors[0]?.message ?? 'The given data was invalid.',
        code: 'VALIDATION_FAILED',
        errors,
      };
      return reply.code(422).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(status).send({ message: 'Something Went Wrong', code: 'INTERNAL' });
    }
    const code = error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
    return reply.code(status).send({ message: error.message, code });
  });
}
