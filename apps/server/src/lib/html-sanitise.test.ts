import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from './html-sanitise';

describe('sanitiseHtml: the shared allow-list on the server', () => {
  it.each([
    [
      'keeps the editor output',
      '<h2>Plan</h2><p><strong>a</strong> <em>b</em></p>',
      '<h2>Plan</h2><p><strong>a</strong> <em>b</em></p>',
    ],
    ['drops scripts and handlers', '<p onclick="x()">Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['drops unsafe link schemes', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops protocol-relative links', '<a href="//evil.example">x</a>', '<a>x</a>'],
    [
      'keeps mailto and tel',
      '<a href="mailto:a@b.c">m</a><a href="tel:+1">t</a>',
      '<a href="mailto:a@b.c">m</a><a href="tel:+1">t</a>',
    ],
    [
      'adds rel to links that open elsewhere',
      '<a href="https://a.example" target="_blank">x</a>',
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'keeps only a code block language class',
      '<pre><code class="language-ts evil">x</code></pre>',
      '<pre><code class="language-ts">x</code></pre>',
    ],
    [
      'keeps task list attributes',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true">a</li></ul>',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true">a</li></ul>',
    ],
    ['drops attributes not listed for the tag', '<p data-type="x" style="color:red">a</p>', '<p>a</p>'],
    ['drops tags not listed, keeping their text', '<section><img src="x">a</section>', 'a'],
    [
      'keeps a callout with its type and tone only',
      '<div data-type="callout" data-tone="warning" class="x" onclick="alert(1)" style="color:red">a</div>',
      '<div data-type="callout" data-tone="warning">a</div>',
    ],
  ])('%s', (_name, input, expected) => {
    expect(sanitiseHtml(input)).toBe(expected);
  });
});
