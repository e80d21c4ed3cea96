// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { clearUserStorage } from './device-storage';

beforeEach(() => window.localStorage.clear());

describe('clearing the storage at sign-out', () => {
  test.each([
    { key: 'strata.locale', value: 'ar', isKept: true },
    { key: 'strata.theme', value: 'dark', isKept: true },
    { key: 'strata.layout.sidebar', value: 'collapsed', isKept: true },
    { key: 'strata.token', value: '{"access_token":"x"}', isKept: false },
    { key: 'strata.profile', value: '{"id":1}', isKept: false },
    { key: 'strata.board-teams', value: '{}', isKept: false },
    { key: 'view:7:abc', value: '{}', isKept: false },
  ])('$key is kept: $isKept', ({ key, value, isKept }) => {
    window.localStorage.setItem(key, value);
    window.localStorage.setItem('strata.token', 'secret');
    clearUserStorage(window.localStorage);
    expect(window.localStorage.getItem(key)).toBe(isKept ? value : null);
    expect(window.localStorage.getItem('strata.token')).toBeNull();
  });
});
