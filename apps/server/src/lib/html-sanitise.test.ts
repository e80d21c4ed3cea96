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

describe('sanitiseHtml for a page shown outside the app: ids resolved, nothing else let in', () => {
  const FILE = '0b7c3e2a-1d4f-4c6e-9a8b-2f1e3d4c5b6a';
  const outside = {
    itemLinks: (id: string) =>
      id === 'page1' ? { href: 'https://strata.example/p/e1-v/roadmap-page1', title: 'Roadmap <now>' } : null,
    pageFiles: (id: string) =>
      id === FILE ? { href: `https://strata.example/p/e1-v/files/${id}`, image: true } : null,
  };
  it.each([
    [
      'a link to a page of the site',
      '<p><span data-type="item-link" data-id="page1" data-label="Old">Old</span></p>',
      '<p><a href="https://strata.example/p/e1-v/roadmap-page1">Roadmap &lt;now&gt;</a></p>',
    ],
    [
      'a link to any other item',
      '<p><span data-type="item-link" data-id="other" data-label="Secret">Secret</span></p>',
      '<p><span>Secret</span></p>',
    ],
    [
      'an image of the page',
      `<div data-type="file" data-id="${FILE}" data-name="logo &lt;1&gt;.png" data-mime="image/png" data-size="9">logo</div>`,
      `<img src="https://strata.example/p/e1-v/files/${FILE}" alt="logo &lt;1&gt;.png" data-type="file" />`,
    ],
    [
      'a file it cannot serve',
      '<div data-type="file" data-id="0b7c3e2a-0000-4c6e-9a8b-2f1e3d4c5b6a" data-name="plan.pdf">plan.pdf</div>',
      '<p>plan.pdf</p>',
    ],
    [
      'a mention of a member',
      '<p>Ask <span data-type="mention" data-id="7" data-label="Ada">@Ada</span></p>',
      '<p>Ask <span>@Ada</span></p>',
    ],
    [
      'an image from an older rule',
      '<p>a<img src="https://evil.example/x.png" onerror="alert(1)">b</p>',
      '<p>ab</p>',
    ],
    [
      'a callout is still a callout',
      '<div data-type="callout" data-tone="danger"><p>x</p></div>',
      '<div data-type="callout" data-tone="danger"><p>x</p></div>',
    ],
  ])('%s', (_, html, expected) => {
    expect(sanitiseHtml(html, outside)).toBe(expected);
  });

  it('without the option, a stored document keeps its ids (the app resolves them)', () => {
    const link = '<span data-type="item-link" data-id="page1" data-label="Old">Old</span>';
    expect(sanitiseHtml(link)).toBe(link);
  });
});
