import { describe, expect, test } from 'vitest';
import { deepLinkPath } from './open-link-page';

const origin = 'https://strata.example';

describe('deep links name an in-app path', () => {
  test.each([
    ['web+strata://team/5/members', '/team/5/members'],
    ['web+strata:/team/5', '/team/5'],
    ['web+strata:team/5', '/team/5'],
    ['WEB+STRATA://home', '/home'],
    ['web+strata://b/AbCdEfGhIjK/f1?t=comments#c-9', '/b/AbCdEfGhIjK/f1?t=comments#c-9'],
    ['/profile/settings', '/profile/settings'],
    ['web+strata://evil.example/x', '/evil.example/x'],
  ])('%s opens %s', (link, path) => {
    expect(deepLinkPath(link, origin)).toBe(path);
  });

  test.each([
    [null, 'nothing'],
    ['', 'empty'],
    ['https://evil.example/team/5', 'another origin'],
    ['//evil.example/team/5', 'a protocol-relative address'],
    ['/\\evil.example', 'a backslash that browsers read as a slash'],
    ['/\t/evil.example', 'a tab that browsers drop'],
    ['javascript:alert(1)', 'another scheme'],
    ['team/5', 'a relative path without a leading slash'],
    ['web+strata://open?url=/home', 'itself'],
    ['web+strata:\\\\evil.example', 'backslashes after the scheme'],
  ])('%s is refused (%s)', (link, _why) => {
    expect(deepLinkPath(link, origin)).toBeNull();
  });
});
