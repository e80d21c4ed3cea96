import { describe, expect, test } from 'vitest';
import { isAppNavigation, runtimeCacheFor } from './sw-routes';

const origin = 'https://strata.example';
const at = (path: string, base = origin) => new URL(path, base);

describe('runtime caches by address', () => {
  test.each([
    ['/api/me', 'runtime-api-v1'],
    ['/api/me/workspaces', 'runtime-api-v1'],
    ['/api/teams/5/members?page=2', 'runtime-api-v1'],
    ['/api/app-vars', 'runtime-api-v1'],
    ['/api/avatars/AB.svg?hue=120', 'generated-avatars'],
    ['/api/files/photos/7/abcdefghijklmnopqrstuvwx.png', 'images'],
    ['/api/files/team-photos/3/abcdefghijklmnopqrstuvwx.webp', 'images'],
    ['/api/files/attachments/3/abcdefghijklmnopqrstuvwx.pdf', 'attachments'],
    ['/api/attachments/9f1c/download', 'attachments'],
    ['/api/12/attachments/9f1c', 'attachments'],
  ])('%s is kept in %s', (path, cache) => {
    expect(runtimeCacheFor(at(path), origin)).toBe(cache);
  });

  test.each([
    ['/api/auth/refresh', 'tokens'],
    ['/api/auth', 'tokens'],
    ['/api/dev/mail', 'development tools'],
    ['/api/broadcasting/multi-auth', 'channel authorisation'],
    ['/assets/index-abc.js', 'not the API (precached instead)'],
    ['/home', 'a page'],
    ['/api-docs', 'not under /api/'],
  ])('%s is never kept (%s)', (path) => {
    expect(runtimeCacheFor(at(path), origin)).toBeNull();
  });

  test('another origin is never kept, even on an API-like path', () => {
    expect(runtimeCacheFor(at('/api/me', 'https://elsewhere.example'), origin)).toBeNull();
  });
});

describe('navigations answered with the app shell', () => {
  test.each([
    '/',
    '/home',
    '/team/5/members',
    '/b/AbCdEfGhIjK/f1/item-1',
    '/open?url=web%2Bstrata%3A%2F%2Fhome',
  ])('%s is an app page', (path) => {
    expect(isAppNavigation(at(path), origin)).toBe(true);
  });

  test.each([
    '/api/me',
    '/api',
    '/app/strata',
    '/dev/mail',
    '/collab',
    '/p/e12-0b6f3a52-8c1e-4f7a-9d2b-5e4c3b2a1f00',
    '/p/e12-0b6f3a52-8c1e-4f7a-9d2b-5e4c3b2a1f00/launch-plan-0b6f3a52-8c1e-4f7a-9d2b-5e4c3b2a1f01',
    '/service-worker.js',
    '/manifest.webmanifest',
    '/assets/index-abc.js',
    '/icons/icon-192.png',
  ])('%s goes to the network as it is', (path) => {
    expect(isAppNavigation(at(path), origin)).toBe(false);
  });

  test('a page of another origin is not the app', () => {
    expect(isAppNavigation(at('/home', 'https://elsewhere.example'), origin)).toBe(false);
  });
});
