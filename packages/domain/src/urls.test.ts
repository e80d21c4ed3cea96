import { describe, expect, test } from 'vitest';
import { hasAllowedScheme, IMAGE_SCHEMES, LINK_SCHEMES } from './urls';

describe('hasAllowedScheme', () => {
  test.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    'mailto:someone@example.com',
    'HTTPS://EXAMPLE.COM',
  ])('%s passes the URL rule', (url) => {
    expect(hasAllowedScheme(url)).toBe(true);
  });

  test.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//example.com',
    '/relative/path',
    'example.com',
    '',
  ])('%j is refused as a browser would read it', (url) => {
    expect(hasAllowedScheme(url)).toBe(false);
  });

  test('a link takes ftp and tel as well; an image only http and https', () => {
    expect(hasAllowedScheme('tel:+15551234', LINK_SCHEMES)).toBe(true);
    expect(hasAllowedScheme('ftp://example.com/file', LINK_SCHEMES)).toBe(true);
    expect(hasAllowedScheme('tel:+15551234')).toBe(false);
    expect(hasAllowedScheme('mailto:a@example.com', IMAGE_SCHEMES)).toBe(false);
    expect(hasAllowedScheme('https://example.com/f.ico', IMAGE_SCHEMES)).toBe(true);
  });
});
