import { describe, expect, test } from 'vitest';
import { hrefFor, namedRoutePath, parsePublishedRef, withPreservedQuery } from './navigation';
import { flattenRoutes } from './route-tree';

describe('named routes of spec section 2', () => {
  test.each([
    ['home', '/home'],
    ['verify-email', '/verify-email'],
    ['create-workspace', '/workspace/create'],
    ['auth.reauthenticate', '/auth/reauthenticate'],
    ['folder', '/b/:rootId/:folderId/:itemId?'],
    ['board', '/b/:rootId'],
    ['custom-templates.templates.landing', '/profile/templates/:templateId/:shared?'],
    ['profile.billing', '/profile/billing'],
  ])('%s is %s', (name, path) => {
    expect(namedRoutePath(name)).toBe(path);
  });

  test('every route id is unique', () => {
    const ids = flattenRoutes().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('hrefFor', () => {
  test.each([
    {
      name: 'folder',
      params: { rootId: 'AbCdEfGhIjK', folderId: 'f1', itemId: 'i1' },
      query: {},
      href: '/b/AbCdEfGhIjK/f1/i1',
    },
    { name: 'folder', params: { rootId: 'r', folderId: 'f', itemId: '' }, query: {}, href: '/b/r/f' },
    {
      name: 'folder',
      params: { rootId: 'r', folderId: 'f', itemId: null },
      query: { t: 'comments', view: '' },
      href: '/b/r/f?t=comments',
    },
    {
      name: 'custom-templates.templates.landing',
      params: { templateId: 7 },
      query: {},
      href: '/profile/templates/7',
    },
    {
      name: 'verify-email',
      params: {},
      query: { email: 'a@b.co', token: undefined },
      href: '/verify-email?email=a%40b.co',
    },
  ])('$name $params $query -> $href (empty values dropped)', ({ name, params, query, href }) => {
    expect(hrefFor(name, params, query)).toBe(href);
  });

  test('a missing required param is an error', () => {
    expect(() => hrefFor('board', {})).toThrow('needs the param rootId');
  });

  test('pretend and hide_header carry over unless the target sets them', () => {
    const current = new URLSearchParams('pretend=1&hide_header=true&other=x');
    expect(hrefFor('home', {}, {}, current)).toBe('/home?pretend=1&hide_header=true');
    expect(hrefFor('home', {}, { pretend: '0' }, current)).toBe('/home?hide_header=true&pretend=0');
    expect(withPreservedQuery('/profile/settings?tab=a&empty=', current)).toBe(
      '/profile/settings?tab=a&pretend=1&hide_header=true',
    );
  });
});

describe('published view references', () => {
  test.each([
    ['e12-abc', { kind: 'document', workspaceId: 12, viewId: 'abc' }],
    ['f3-9f1c-44', { kind: 'file', workspaceId: 3, viewId: '9f1c-44' }],
    ['i7-x', { kind: 'item', workspaceId: 7, viewId: 'x' }],
    ['x7-x', null],
    ['e-abc', null],
  ])('%s -> %j', (ref, parsed) => {
    expect(parsePublishedRef(ref)).toEqual(parsed);
  });
});
