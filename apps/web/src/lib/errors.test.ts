import type { FieldError } from '@strata/domain/errors';
import { FIELD_ERROR_MESSAGES, fieldError } from '@strata/domain/field-errors';
import { HttpError } from '@strata/sync/http-client';
import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import enUS from '../i18n/locales/en-US.json';
import { errorMessage, fieldErrorText } from './errors';

interface Catalogue {
  errors: { fields?: Record<string, string> };
  views: { fieldErrors?: Record<string, string> };
}
const LOCALES = ['ar', 'de', 'en-US', 'es', 'fr', 'it', 'ko', 'pl', 'sr', 'tr', 'zh'] as const;
const catalogues: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalogue>('../i18n/locales/*.json', { eager: true, import: 'default' }),
  ).map(([path, catalogue]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), catalogue]),
);

beforeAll(async () => {
  await i18next.init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: {
      'en-US': { translation: enUS },
      de: { translation: catalogues.de as unknown as Record<string, unknown> },
    },
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

describe('field errors of a 422 are worded by their code', () => {
  const failed = (errors: FieldError[]) => http(422, 'VALIDATION_FAILED', { errors });

  test('a request field’s code, an attribute value’s code, and the server’s text for an unknown one', () => {
    const error = failed([
      fieldError('email', 'SAME_EMAIL'),
      fieldError('settings.member_ids', 'FOLDER_MEMBER_LIMIT', { max: 50 }),
      { path: 'values.a', message: 'The value must be a number.', code: 'INVALID_NUMBER' },
      { path: 'x', message: 'Brand new server text.', code: 'SOMETHING_NEW' as FieldError['code'] },
      { path: 'y', message: 'Uncoded text.' },
    ]);
    expect(errorMessage(error, i18next.t)).toBe(
      'Validation Error: This is already your email address., A folder can have at most 50 members., ' +
        'Enter a number., Brand new server text., Uncoded text.',
    );
  });

  test('in the reader’s language', async () => {
    await i18next.changeLanguage('de');
    try {
      expect(fieldErrorText(i18next.t, fieldError('parent_id', 'FOLDER_INSIDE_ITSELF'))).toBe(
        'Ein Ordner kann nicht in sich selbst liegen.',
      );
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  test.each(LOCALES)('%s words every field error code, with the same placeholders', (locale) => {
    const catalogue = catalogues[locale]!;
    for (const [code, english] of Object.entries(FIELD_ERROR_MESSAGES)) {
      const text = catalogue.errors.fields?.[code] ?? catalogue.views.fieldErrors?.[code];
      expect(text, `${locale} ${code}`).toBeTruthy();
      const placeholders = (template: string, pattern: RegExp) =>
        [...template.matchAll(pattern)].map((m) => m[1]);
      // A placeholder the catalogue leaves out is fine (a path is no help to a reader); an unknown one is not.
      for (const name of placeholders(text!, /\{\{(\w+)\}\}/g))
        expect(placeholders(english, /\{(\w+)\}/g), `${locale} ${code}`).toContain(name);
    }
  });
});
