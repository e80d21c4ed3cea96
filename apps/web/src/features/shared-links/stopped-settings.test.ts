import { describe, expect, test } from 'vitest';
import { stoppedSettings } from './stopped-settings';

const PAGE_A = '0b0c1c9e-5a43-4a8e-9b3c-0d1f2e3a4b5c';
const PAGE_B = '1b0c1c9e-5a43-4a8e-9b3c-0d1f2e3a4b5c';

describe('stopping a shared link changes only its own switch', () => {
  test.each([
    { kind: 'form', page: null, settings: { shared: true }, expected: { shared: false } },
    {
      kind: 'site',
      page: null,
      settings: { published: true, shared_pages: [PAGE_A] },
      expected: { published: false },
    },
    { kind: 'files', page: null, settings: { published: true }, expected: { published: false } },
    {
      kind: 'page',
      page: PAGE_A,
      settings: { published: true, shared_pages: [PAGE_A, PAGE_B] },
      expected: { shared_pages: [PAGE_B] },
    },
    { kind: 'page', page: PAGE_A, settings: { shared_pages: 'broken' }, expected: { shared_pages: [] } },
  ] as const)('$kind', ({ kind, page, settings, expected }) => {
    expect(stoppedSettings(kind, page, settings)).toEqual(expected);
  });
});
