// @vitest-environment jsdom
import type { PublicForm, PublicFormField } from '@strata/contracts/forms';
import { isChallengeSolved } from '@strata/domain/forms/form-challenge';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { PublicFormPage } from './public-form-page';

beforeAll(() => initTestI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FORM_ID = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a00ff';

function question(type: PublicFormField['type'], patch: Partial<PublicFormField> = {}): PublicFormField {
  return {
    attribute_id: `a-${type}`,
    name: type,
    type,
    label: `Ask ${type}`,
    help: null,
    required: false,
    hidden: false,
    default: null,
    settings: {},
    ...patch,
  };
}

function formOf(patch: Partial<PublicForm> = {}): PublicForm {
  return {
    id: FORM_ID,
    title: 'Event sign-up',
    description: 'Tell us who you are.',
    cover: null,
    submit_label: null,
    closed: null,
    workspace: { name: 'Acme' },
    fields: [question('text', { required: true, help: 'As on your badge' })],
    // Difficulty 1: about two hashes, so the real solver runs quickly.
    challenge: { token: 'tok-1', difficulty: 1 },
    file_max_mb: 1,
    max_files: 3,
    ...patch,
  };
}

interface Answer {
  status: number;
  body: unknown;
}

/** A server for the two endpoints: the form (each GET), and the given answers to POSTs, in turn. */
function fakeServer(
  form: PublicForm | Answer,
  posts: Answer[] = [{ status: 201, body: { ok: true, after: { message: '' } } }],
) {
  const sent: { url: string; body: unknown; files?: [string, string][] }[] = [];
  let gets = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      if (init.body instanceof FormData) {
        const parts = [...init.body.entries()];
        sent.push({
          url,
          body: JSON.parse(String(init.body.get('submission'))),
          files: parts
            .filter(([, value]) => value instanceof File)
            .map(([name, value]) => [name, (value as File).name]),
        });
      } else sent.push({ url, body: JSON.parse(String(init.body)) });
      const answer = posts.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    gets++;
    if ('status' in form) return new Response(JSON.stringify(form.body), { status: form.status });
    return new Response(JSON.stringify({ ...form, challenge: { ...form.challenge, token: `tok-${gets}` } }), {
      status: 200,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, gets: () => gets };
}

function open(query = '') {
  const router = createMemoryRouter([{ path: '/form/:formId', element: <PublicFormPage /> }], {
    initialEntries: [`/form/${FORM_ID}${query}`],
  });
  return render(<RouterProvider router={router} />);
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the public form page', () => {
  test('shows the form with one input per question type, help under its question and required marked', async () => {
    fakeServer(
      formOf({
        fields: [
          question('text', { required: true, help: 'As on your badge' }),
          question('longtext'),
          question('number', { settings: { min: 1, max: 9 } }),
          question('progress'),
          question('checkbox'),
          question('label', {
            settings: {
              labels: [
                { id: 'l1', name: 'Red', color: null },
                { id: 'l2', name: 'Blue', color: null },
              ],
            },
          }),
          question('members', {
            attribute_id: 'a-many',
            settings: { multiple: true },
            members: [{ id: 7, name: 'Ann' }],
          }),
          question('date'),
          question('date', { attribute_id: 'a-when', label: 'Ask when', settings: { includeTime: true } }),
          question('date_range'),
          question('email'),
          question('phone'),
          question('links'),
          question('rating', { settings: { max: 3 } }),
          question('text', { attribute_id: 'a-secret', label: 'Secret', hidden: true }),
        ],
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Event sign-up' })).toBeTruthy();
    // The tab's title is set by an effect, after the heading's render.
    await waitFor(() => expect(document.title).toBe('Event sign-up'));
    const text = screen.getByLabelText(/Ask text/) as HTMLInputElement;
    expect(text.type).toBe('text');
    expect(text.getAttribute('aria-required')).toBe('true');
    expect(
      text.getAttribute('aria-describedby') &&
        document.getElementById(text.getAttribute('aria-describedby')!)?.textContent,
    ).toBe('As on your badge');
    expect(screen.getByText('(required)', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Ask longtext').tagName).toBe('TEXTAREA');
    const number = screen.getByLabelText('Ask number') as HTMLInputElement;
    expect([number.type, number.min, number.max]).toEqual(['number', '1', '9']);
    const progress = screen.getByLabelText('Ask progress') as HTMLInputElement;
    expect([progress.min, progress.max]).toEqual(['0', '100']);
    expect((screen.getByLabelText('Ask checkbox') as HTMLInputElement).type).toBe('checkbox');
    const labels = screen.getByRole('group', { name: 'Ask label' });
    expect(
      within(labels)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Red', 'Blue']);
    expect((screen.getByLabelText('Ask members') as HTMLSelectElement).multiple).toBe(true);
    expect((screen.getByLabelText('Ask date') as HTMLInputElement).type).toBe('date');
    expect((screen.getByLabelText('Ask when') as HTMLInputElement).type).toBe('datetime-local');
    expect(within(screen.getByRole('group', { name: 'Ask date_range' })).getByLabelText('End')).toBeTruthy();
    expect((screen.getByLabelText('Ask email') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Ask phone') as HTMLInputElement).type).toBe('tel');
    expect((screen.getByLabelText('Ask links') as HTMLInputElement).type).toBe('url');
    expect(within(screen.getByRole('group', { name: 'Ask rating' })).getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByLabelText('Secret')).toBeNull();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect([honeypot.tabIndex, honeypot.autocomplete, honeypot.getAttribute('aria-hidden')]).toEqual([
      -1,
      'off',
      'true',
    ]);
  });

  test('posts the answers, hidden ones from the address, with a solved challenge, then thanks', async () => {
    const server = fakeServer(
      formOf({
        fields: [
          question('text'),
          question('label', {
            settings: {
              labels: [
                { id: 'l1', name: 'Red', color: null },
                { id: 'l2', name: 'Blue', color: null },
              ],
            },
          }),
          question('date_range'),
          question('links'),
          question('text', { attribute_id: 'a-source', name: 'source', hidden: true }),
          question('number', { attribute_id: 'a-score', name: 'score', hidden: true }),
          question('text', { attribute_id: 'a-team', name: 'team', hidden: true, default: 'Blue team' }),
          question('email'),
        ],
      }),
      [{ status: 201, body: { ok: true, after: { message: 'See you there!' } } }],
    );
    open('?source=newsletter&score=7');
    fireEvent.change(await screen.findByLabelText('Ask text'), { target: { value: '  Ann Lee ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    const range = screen.getByRole('group', { name: 'Ask date_range' });
    fireEvent.change(within(range).getByLabelText('Start'), { target: { value: '2026-05-01' } });
    fireEvent.change(within(range).getByLabelText('End'), { target: { value: '2026-05-03' } });
    fireEvent.change(screen.getByLabelText('Ask links'), { target: { value: 'https://example.com' } });
    submit();
    expect(await screen.findByText('See you there!')).toBeTruthy();
    expect(server.sent).toHaveLength(1);
    const [post] = server.sent as [
      {
        url: string;
        body: { values: unknown; challenge: { token: string; nonce: string }; website: string };
      },
    ];
    expect(post.url).toBe(`/api/public/forms/${FORM_ID}/submissions`);
    expect(post.body.values).toEqual({
      'a-text': 'Ann Lee',
      'a-label': ['l2'],
      'a-date_range': { start: '2026-05-01', end: '2026-05-03' },
      'a-links': [{ url: 'https://example.com' }],
      'a-source': 'newsletter',
      'a-score': 7,
      'a-team': 'Blue team',
    });
    expect(post.body.website).toBe('');
    expect(post.body.challenge.token).toBe('tok-1');
    expect(await isChallengeSolved('tok-1', post.body.challenge.nonce, 1)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Submit another answer' }));
    expect(((await screen.findByLabelText('Ask text')) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(server.gets()).toBe(2));
  });

  test('files go with the answer as one multipart request, each under its question; one taken out is not sent', async () => {
    const server = fakeServer(
      formOf({ fields: [question('text'), question('attachments', { required: true })] }),
    );
    open();
    fireEvent.change(await screen.findByLabelText('Ask text'), { target: { value: 'Ann' } });
    // A required file question left empty is flagged first.
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    const input = screen.getByLabelText(/^Ask attachments/);
    const file = (name: string) => new File(['bytes'], name, { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file('plan.pdf'), file('draft.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove draft.pdf' }));
    expect(screen.getByText('Up to 3 files, each under 1 MB.')).toBeTruthy();
    submit();
    expect(await screen.findByText('Thank you! Your answer has been sent.')).toBeTruthy();
    const [post] = server.sent;
    expect(post!.url).toBe(`/api/public/forms/${FORM_ID}/submissions/files`);
    expect((post!.body as { values: unknown }).values).toEqual({ 'a-text': 'Ann' });
    expect(post!.files).toEqual([['files.a-attachments', 'plan.pdf']]);
  });

  test('a file over the size limit is flagged at its question before anything is sent', async () => {
    const server = fakeServer(formOf({ fields: [question('attachments')] }));
    open();
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'scan.tiff');
    fireEvent.change(await screen.findByLabelText('Ask attachments'), { target: { files: [big] } });
    submit();
    expect(
      await screen.findByText(
        'The file you are trying to upload is too large. Your file must be less than 1MB.',
      ),
    ).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });

  test("a 422 shows each error beside its question, in the UI's words, and focuses the first", async () => {
    const server = fakeServer(formOf({ fields: [question('text'), question('email'), question('phone')] }), [
      {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          errors: [
            { path: 'values.a-phone', code: 'SOMETHING_NEW', message: 'Phone looks odd.' },
            { path: 'values.a-email', code: 'INVALID_EMAIL', message: 'server text' },
          ],
        },
      },
    ]);
    open();
    fireEvent.change(await screen.findByLabelText('Ask email'), { target: { value: 'nope' } });
    submit();
    const email = screen.getByLabelText('Ask email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('The email must be a valid email address.');
    const phone = screen.getByLabelText('Ask phone');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Phone looks odd.',
    );
    expect(screen.getByLabelText('Ask text').getAttribute('aria-invalid')).toBeNull();
    expect(server.sent).toHaveLength(1);
  });

  test('a required question left empty is flagged before anything is sent', async () => {
    const server = fakeServer(formOf());
    open();
    await screen.findByLabelText(/Ask text/);
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });

  test('a closed form says it takes no answers, instead of its questions', async () => {
    fakeServer(formOf({ closed: 'full' }));
    open();
    expect(await screen.findByText('This form no longer takes answers.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByLabelText(/Ask text/)).toBeNull();
  });

  test('a 410 on sending shows the closed state', async () => {
    fakeServer(formOf({ fields: [question('text')] }), [
      { status: 410, body: { code: 'FORM_CLOSED', message: 'closed' } },
    ]);
    open();
    fireEvent.change(await screen.findByLabelText('Ask text'), { target: { value: 'x' } });
    submit();
    expect(await screen.findByText('This form no longer takes answers.')).toBeTruthy();
  });

  test('a failed challenge fetches a new one, says so and keeps the answers', async () => {
    const server = fakeServer(formOf({ fields: [question('text')] }), [
      { status: 422, body: { code: 'CHALLENGE_FAILED', message: 'no' } },
      { status: 201, body: { ok: true, after: { message: '' } } },
    ]);
    open();
    fireEvent.change(await screen.findByLabelText('Ask text'), { target: { value: 'kept' } });
    submit();
    expect(await screen.findByText(/could not check that this answer comes from a person/)).toBeTruthy();
    await waitFor(() => expect(server.gets()).toBe(2));
    expect((screen.getByLabelText('Ask text') as HTMLInputElement).value).toBe('kept');
    submit();
    expect(await screen.findByText('Thank you! Your answer has been sent.')).toBeTruthy();
    expect((server.sent[1]!.body as { challenge: { token: string } }).challenge.token).toBe('tok-2');
  });

  test('a form that is not there or not shared says so', async () => {
    fakeServer({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    open();
    expect(await screen.findByText('This form does not exist or is not shared.')).toBeTruthy();
  });
});
