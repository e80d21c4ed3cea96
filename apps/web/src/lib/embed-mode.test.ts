import { describe, expect, test } from 'vitest';
import { isEmbedAddress } from './embed-mode';

describe('an embed address', () => {
  test.each([
    { pathname: '/b/AbCdEfGhIjK', search: '?embed=1', embedded: true },
    { pathname: '/b/AbCdEfGhIjK/F0lderId123', search: '?hide_header=1&embed=1', embedded: true },
    { pathname: '/b/AbCdEfGhIjK', search: '', embedded: false },
    { pathname: '/b/AbCdEfGhIjK', search: '?embed=true', embedded: false },
    { pathname: '/home', search: '?embed=1', embedded: false },
    { pathname: '/team/1/boards/AbCdEfGhIjK/edit', search: '?embed=1', embedded: false },
  ])('$pathname$search: $embedded', ({ pathname, search, embedded }) => {
    expect(isEmbedAddress({ pathname, search })).toBe(embedded);
  });
});
