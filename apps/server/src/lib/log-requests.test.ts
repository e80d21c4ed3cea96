import { describe, expect, test } from 'vitest';
import { urlForLog } from './log-requests';

describe('request URLs in the log', () => {
  test.each([
    ['/api/calendar-feeds/abcDEF_123-xyz.ics', '/api/calendar-feeds/[secret]'],
    ['/api/calendar-feeds/abc.ics?x=1', '/api/calendar-feeds/[secret]?x=1'],
    ['/api/unsubscribe?u=4&e=4102444800&s=sig-nature', '/api/unsubscribe?u=4&e=4102444800&s=[secret]'],
    [
      '/api/notifications/push-state?id=n1&check=4.4102444800.abc',
      '/api/notifications/push-state?id=n1&check=[secret]',
    ],
    ['/api/7/views/v1/calendar-feed', '/api/7/views/v1/calendar-feed'],
    ['/api/search?q=plans&team_id=3', '/api/search?q=plans&team_id=3'],
  ])('%s is logged as %s', (url, logged) => {
    expect(urlForLog(url)).toBe(logged);
  });
});
