import { describe, expect, test } from 'vitest';
import { takeNotificationParam } from './notification-param';

const ID = '3f1c2a9e-7b4d-4e2a-9c1f-0a1b2c3d4e5f';

describe('takeNotificationParam', () => {
  test('no parameter: nothing to do', () => {
    expect(takeNotificationParam('/home', '', '')).toBeNull();
    expect(takeNotificationParam('/home', '?tab=all', '#top')).toBeNull();
    expect(takeNotificationParam('/home', '?notifications=1', '')).toBeNull();
  });

  test.each([
    ['/home', `?notification=${ID}`, '', '/home'],
    ['/b/AbCdEfGhIjK', `?notification=${ID}&view=list`, '', '/b/AbCdEfGhIjK?view=list'],
    [
      '/b/AbCdEfGhIjK/f1/i1',
      `?pretend=3&notification=${ID}&hide_header=1`,
      '#comments',
      '/b/AbCdEfGhIjK/f1/i1?pretend=3&hide_header=1#comments',
    ],
    ['/home', `?notification=${ID}`, '#c-12', '/home#c-12'],
  ])('%s%s%s → the id, and %s', (pathname, search, hash, url) => {
    expect(takeNotificationParam(pathname, search, hash)).toEqual({ id: ID, url });
  });

  test('an empty value is only removed', () => {
    expect(takeNotificationParam('/home', '?notification=&a=1', '')).toEqual({ id: null, url: '/home?a=1' });
  });

  test('the value is decoded from the query', () => {
    expect(takeNotificationParam('/home', '?notification=a%20b', '')?.id).toBe('a b');
  });
});
