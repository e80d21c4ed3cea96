import { expect, test } from 'vitest';
import { htmlToPlainText, plainTextToHtml } from './html-text';

test.each([
  { html: '<p>Hello <b>world</b></p>', out: 'Hello world' },
  { html: '<p>One</p><p>Two</p>', out: 'One\nTwo' },
  { html: 'a<br>b<br/>c', out: 'a\nb\nc' },
  { html: '<ul><li>x</li><li>y</li></ul>', out: 'x\ny' },
  { html: 'Tom &amp; Jerry &lt;3 &#39;hi&#x27; &nbsp;', out: "Tom & Jerry <3 'hi'" },
  { html: '<script>alert(1)</script>safe', out: 'safe' },
  { html: '&unknown;', out: '&unknown;' },
])('$html -> $out', ({ html, out }) => {
  expect(htmlToPlainText(html)).toBe(out);
});

test('plain text becomes escaped paragraphs and line breaks', () => {
  expect(plainTextToHtml('a <b>\nc\n\nd')).toBe('<p>a &lt;b&gt;<br>c</p><p>d</p>');
  expect(htmlToPlainText(plainTextToHtml('x & y\nz'))).toBe('x & y\nz');
});
