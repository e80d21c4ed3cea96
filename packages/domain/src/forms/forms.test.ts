import { describe, expect, test } from 'vitest';
import type { AttributeDefinition } from '../attributes/type-registry';
import { readViewSettings } from '../views/view-settings';
import { formAnswerValues, formQuestions } from './form-answers';
import { isChallengeSolved, leadingZeroBits, solveChallenge } from './form-challenge';
import { type FormField, formClosedReason, formSettingsSchema, isWebUrl } from './form-settings';

const attributes: AttributeDefinition[] = [
  { id: 'name', name: 'Name', type: 'text' },
  { id: 'mail', name: 'Email', type: 'email' },
  { id: 'ok', name: 'Terms', type: 'checkbox' },
  { id: 'when', name: 'When', type: 'date_range' },
  { id: 'tags', name: 'Tags', type: 'label', settings: { labels: [{ id: 'l1', name: 'One' }] } },
  { id: 'src', name: 'source', type: 'text' },
  { id: 'sum', name: 'Total', type: 'formula' },
  { id: 'made', name: 'Created', type: 'created_at' },
  { id: 'files', name: 'Files', type: 'attachments' },
];

describe('formQuestions: what a form asks', () => {
  test.each([
    ['its fields in order', ['mail', 'name'], ['mail', 'name']],
    ['an attribute that went away is left out', ['gone', 'name'], ['name']],
    ['types a visitor cannot answer are left out', ['sum', 'made', 'name'], ['name']],
    ['an attribute listed twice is asked once', ['name', 'mail', 'name'], ['name', 'mail']],
  ])('%s', (_, fields, asked) => {
    const questions = formQuestions({ fields: fields.map((attribute_id) => ({ attribute_id })) }, attributes);
    expect(questions.map((question) => question.attribute.id)).toEqual(asked);
  });
});

describe('formAnswerValues: the item values of an answer, or why not', () => {
  const ask = (fields: FormField[]) => formQuestions({ fields }, attributes);
  const required = (attribute_id: string): FormField => ({ attribute_id, required: true });

  test.each<[string, FormField[], Record<string, unknown>, Record<string, unknown> | string[]]>([
    ['answers are kept as given', [{ attribute_id: 'name' }], { name: 'Desk' }, { name: 'Desk' }],
    ['an unanswered optional question is left empty', [{ attribute_id: 'name' }], {}, {}],
    [
      'an unanswered question takes its default',
      [{ attribute_id: 'src', default: 'web' }],
      {},
      { src: 'web' },
    ],
    [
      'an answer wins over the default',
      [{ attribute_id: 'src', default: 'web' }],
      { src: 'mail' },
      { src: 'mail' },
    ],
    ['a required question without an answer', [required('name')], {}, ['values.name:FIELD_REQUIRED']],
    ['a blank text is no answer', [required('name')], { name: '   ' }, ['values.name:FIELD_REQUIRED']],
    ['an empty list is no answer', [required('tags')], { tags: [] }, ['values.tags:FIELD_REQUIRED']],
    ['an unticked required checkbox', [required('ok')], { ok: false }, ['values.ok:FIELD_REQUIRED']],
    ['a ticked required checkbox', [required('ok')], { ok: true }, { ok: true }],
    [
      'a range with no end given is no answer',
      [required('when')],
      { when: { start: null, end: '' } },
      ['values.when:FIELD_REQUIRED'],
    ],
    [
      'a range with one end is an answer',
      [required('when')],
      { when: { start: '2026-01-02', end: null } },
      { when: { start: '2026-01-02', end: null } },
    ],
    [
      'a wrong answer is passed on to be checked by its type',
      [{ attribute_id: 'mail' }],
      { mail: 42 },
      { mail: 42 },
    ],
    [
      'a required hidden question is not asked of the visitor',
      [{ attribute_id: 'src', hidden: true, required: true }],
      {},
      {},
    ],
    [
      'a hidden question takes the value from the address',
      [{ attribute_id: 'src', hidden: true }],
      { src: 'ads' },
      { src: 'ads' },
    ],
    [
      'an attribute the form does not ask',
      [{ attribute_id: 'name' }],
      { name: 'x', sum: 3 },
      ['values.sum:FORM_NOT_A_QUESTION'],
    ],
    [
      'every problem at once',
      [required('name'), required('mail')],
      { made: 'x' },
      ['values.made:FORM_NOT_A_QUESTION', 'values.name:FIELD_REQUIRED', 'values.mail:FIELD_REQUIRED'],
    ],
  ])('%s', (_, fields, answers, expected) => {
    const result = formAnswerValues(ask(fields), answers);
    if (Array.isArray(expected))
      expect('errors' in result && result.errors.map((error) => `${error.path}:${error.code}`)).toEqual(
        expected,
      );
    else expect(result).toEqual({ values: expected });
  });

  const file = { id: '00000000-0000-4000-8000-000000000001' };
  test.each<
    [
      string,
      FormField[],
      Record<string, unknown>,
      Record<string, { id: string }[]>,
      Record<string, unknown> | string[],
    ]
  >([
    [
      'files sent with the answer answer a file question',
      [{ attribute_id: 'files' }],
      {},
      { files: [file] },
      { files: [file] },
    ],
    ['a file question without files is left empty', [{ attribute_id: 'files' }], {}, {}, {}],
    ['a required file question without files', [required('files')], {}, {}, ['values.files:FIELD_REQUIRED']],
    [
      'a stored file named in the answer is refused',
      [{ attribute_id: 'files' }],
      { files: [file] },
      {},
      ['values.files:FORM_FILES_ONLY_UPLOADED'],
    ],
    ['a file question has no default', [{ attribute_id: 'files', default: [file] }], {}, {}, {}],
    [
      'files for a question the form does not ask',
      [{ attribute_id: 'name' }],
      {},
      { files: [file] },
      ['values.files:FORM_NOT_A_QUESTION'],
    ],
  ])('%s', (_, fields, answers, uploads, expected) => {
    const result = formAnswerValues(ask(fields), answers, uploads);
    if (Array.isArray(expected))
      expect('errors' in result && result.errors.map((error) => `${error.path}:${error.code}`)).toEqual(
        expected,
      );
    else expect(result).toEqual({ values: expected });
  });
});

describe('form settings', () => {
  test.each([
    ['https://example.com/thanks', true],
    ['http://example.com', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<b>x</b>', false],
    ['/relative', false],
    ['example.com', false],
  ])('%s is a web address: %s', (url, expected) => {
    expect(isWebUrl(url)).toBe(expected);
  });

  test.each([
    ['https://example.com/cover.png', true],
    ['http://example.com/cover.png', false],
    ['javascript:alert(1)', false],
  ])('a cover at %s is taken: %s', (cover, expected) => {
    expect(formSettingsSchema.safeParse({ cover }).success).toBe(expected);
  });

  test('a redirect that is not a web address is refused with the spec’s message', () => {
    const parsed = formSettingsSchema.safeParse({ after: { redirect_url: 'javascript:alert(1)' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Not a valid URL format');
  });

  test('a view’s settings carry the form’s, with their defaults', () => {
    const settings = readViewSettings({ shared: true, fields: [{ attribute_id: 'name' }] });
    expect(settings).toMatchObject({
      shared: true,
      fields: [{ attribute_id: 'name' }],
      title: '',
      after: { message: '' },
      closes_at: null,
      max_answers: null,
    });
  });

  const now = new Date('2026-06-01T12:00:00Z');
  test.each([
    ['not shared', { shared: false, closes_at: null, max_answers: null }, 0, 'not_shared'],
    ['open', { shared: true, closes_at: null, max_answers: null }, 5, null],
    ['closing later', { shared: true, closes_at: '2026-06-01T12:00:01Z', max_answers: null }, 0, null],
    [
      'closing at this instant',
      { shared: true, closes_at: '2026-06-01T12:00:00Z', max_answers: null },
      0,
      'closed',
    ],
    ['under its answers', { shared: true, closes_at: null, max_answers: 3 }, 2, null],
    ['at its answers', { shared: true, closes_at: null, max_answers: 3 }, 3, 'full'],
  ] as const)('a form %s: %s', (_, form, answers, expected) => {
    expect(formClosedReason(form, answers, now)).toBe(expected);
  });
});

describe('the proof of work', () => {
  test.each([
    [[0, 0, 0x80], 16],
    [[0, 0x0f], 12],
    [[0xff], 0],
    [[0, 0, 0, 0], 32],
  ])('%j starts with %i zero bits', (bytes, bits) => {
    expect(leadingZeroBits(new Uint8Array(bytes))).toBe(bits);
  });

  test('a solved nonce passes at its difficulty; other nonces and harder checks mostly do not', async () => {
    const nonce = await solveChallenge('form-token', 8);
    expect(await isChallengeSolved('form-token', nonce, 8)).toBe(true);
    expect(await isChallengeSolved('other-token', nonce, 8)).toBe(false);
    expect(await isChallengeSolved('form-token', `${nonce}x`, 8)).toBe(false);
    expect(await isChallengeSolved('form-token', '-1', 0)).toBe(false);
  });
});
