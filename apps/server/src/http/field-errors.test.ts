import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { invalidField, routeFieldError } from './field-errors';

/** The issues of a failed parse, shaped as fastify-type-provider-zod hands them to the error handler. */
function issuesOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues.map(({ code, path, message, ...params }) => ({
    keyword: code,
    instancePath: `/${path.join('/')}`,
    message,
    params: params as Record<string, unknown>,
  }));
}

describe('a route schema’s field errors carry a code for zod’s generic problems', () => {
  const body = z.object({
    name: z.string().min(1).max(5),
    limit: z.number().int().optional(),
    kind: z.enum(['a', 'b']).optional(),
    size: z.number().max(10, 'size is at most 10.').optional(),
  });

  test.each([
    [{}, { path: 'name', code: 'FIELD_REQUIRED' }],
    [{ name: '' }, { path: 'name', code: 'FIELD_REQUIRED' }],
    [{ name: 'too long' }, { path: 'name', code: 'FIELD_TOO_LONG', params: { max: 5 } }],
    [
      { name: 'ok', limit: 1.5 },
      { path: 'limit', code: 'FIELD_INVALID' },
    ],
    [
      { name: 'ok', kind: 'c' },
      { path: 'kind', code: 'FIELD_INVALID' },
    ],
  ])('%j → %j, with zod’s English text as the message', (value, expected) => {
    const [error] = issuesOf(body, value).map(routeFieldError);
    expect(error).toMatchObject(expected);
    expect(error!.message).toMatch(/^(Invalid|Too)/);
  });

  test('a message the contract wrote itself is kept, without a code, unless it says "required"', () => {
    const [error] = issuesOf(body, { name: 'ok', size: 11 }).map(routeFieldError);
    expect(error).toEqual({ path: 'size', message: 'size is at most 10.' });
    const named = z.object({ name: z.string().trim().min(1, { message: 'The name is required.' }) });
    const [required] = issuesOf(named, { name: '   ' }).map(routeFieldError);
    expect(required).toEqual({ path: 'name', message: 'The name is required.', code: 'FIELD_REQUIRED' });
  });
});

test('invalidField answers a 422 whose one error has the code, params and English text', () => {
  const error = invalidField('settings.member_ids', 'FOLDER_MEMBER_LIMIT', { max: 50 });
  expect(error.status).toBe(422);
  expect(error.toBody()).toEqual({
    code: 'VALIDATION_FAILED',
    message: 'A folder has at most 50 members.',
    errors: [
      {
        path: 'settings.member_ids',
        code: 'FOLDER_MEMBER_LIMIT',
        params: { max: 50 },
        message: 'A folder has at most 50 members.',
      },
    ],
  });
});
