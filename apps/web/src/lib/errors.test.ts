import { HttpError } from '@strata/sync/http-client';
import i18next from 'i18next';
import { beforeAll, expect, test } from 'vitest';
import enUS from '../i18n/locales/en-US.json';
import { errorMessage } from './errors';

beforeAll(async () => {
  await i18next.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
});

const http = (status: number, code?: string, extra: Partial<HttpError> = {}) =>
  Object.assign(new HttpError(status, 'server text', code, extra.errors, extra.type, extra.params), {});

test.each([
  { error: http(422, 'EMAIL_TAKEN'), text: 'Email already exists.' },
  { error: http(422, 'LINK_EXPIRED'), text: 'The link has expired' },
  { error: http(403, 'EMAIL_NOT_VERIFIED'), text: 'Your email address is not verified.' },
  {
    error: http(422, 'FILE_TOO_LARGE', { params: { n: 5 } }),
    text: 'The file you are trying to upload is too large. Your file must be less than 5MB.',
  },
  {
    error: http(422, 'VALIDATION_FAILED', {
      errors: [
        { path: 'a', message: 'A is bad' },
        { path: 'b', message: 'B is bad' },
      ],
    }),
    text: 'Validation Error: A is bad, B is bad',
  },
  { error: http(403, 'SOMETHING_NEW'), text: 'This action is unauthorized.' },
  { error: http(401), text: 'This action is unauthorized.' },
  { error: http(404), text: 'Not Found' },
  {
    error: http(409),
    text: 'Updates overlapped, causing a hiccup. Please verify the latest data is correct.',
  },
  { error: http(0, 'OFFLINE'), text: 'This action is not available when you are offline.' },
  { error: http(0, 'PREVIEW_MODE'), text: 'This feature is not available in preview mode.' },
  { error: http(500), text: 'server text' },
  { error: new Error('boom'), text: 'Something Went Wrong' },
])('$text', ({ error, text }) => {
  expect(errorMessage(error, i18next.t)).toBe(text);
});
