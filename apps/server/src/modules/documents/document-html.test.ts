import { DOCUMENT_FRAGMENT } from '@strata/domain/documents/document-schema';
import { describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../../test/xss-corpus';
import { documentSnapshot } from './document-html';

/** An element with children (elements, or text for a string). */
function element(name: string, ...children: (Y.XmlElement | string)[]): Y.XmlElement {
  const node = new Y.XmlElement(name);
  node.insert(
    0,
    children.map((child) => (typeof child === 'string' ? new Y.XmlText(child) : child)),
  );
  return node;
}

function snapshotOf(...nodes: Y.XmlElement[]) {
  const doc = new Y.Doc();
  doc.getXmlFragment(DOCUMENT_FRAGMENT).insert(0, nodes);
  return documentSnapshot(doc);
}

describe('a document snapshot', () => {
  test('a table keeps its header row and cells', () => {
    const cell = (name: string, text: string) => element(name, element('paragraph', text));
    const snapshot = snapshotOf(
      element(
        'table',
        element('tableRow', cell('tableHeader', 'Task'), cell('tableHeader', 'Owner')),
        element('tableRow', cell('tableCell', 'Ship'), cell('tableCell', 'Ada')),
      ),
    );
    expect(snapshot.html).toBe(
      '<table><tbody><tr><th><p>Task</p></th><th><p>Owner</p></th></tr><tr><td><p>Ship</p></td><td><p>Ada</p></td></tr></tbody></table>',
    );
    // Nothing of the editor's own styling survives the sanitiser.
    expect(snapshot.html).not.toContain('style=');
    expect(snapshot.text).toBe('Task Owner Ship Ada');
  });

  test.each([
    ['warning', 'warning'],
    ['danger', 'danger'],
    ['a tone it does not know', 'info'],
    ['" onclick="alert(1)', 'info'],
  ])('a callout of tone %s is kept as a %s callout with its blocks', (tone, kept) => {
    const callout = element(
      'callout',
      element('paragraph', 'Mind the gap'),
      element('bulletList', element('listItem', element('paragraph', 'one'))),
    );
    callout.setAttribute('tone', tone);
    expect(snapshotOf(callout).html).toBe(
      `<div data-type="callout" data-tone="${kept}"><p>Mind the gap</p><ul><li><p>one</p></li></ul></div>`,
    );
  });

  test.each([
    [
      'an item id',
      'X7kp2Qa9',
      'Roadmap',
      '<span data-type="item-link" data-id="X7kp2Qa9" data-label="Roadmap">Roadmap</span>',
    ],
    [
      'an id that is markup',
      '"><script>alert(1)</script>',
      'Roadmap',
      '<span data-type="item-link" data-label="Roadmap">Roadmap</span>',
    ],
    [
      'a label that is markup',
      'X7kp2Qa9',
      '<img src=x onerror=alert(1)>',
      '<span data-type="item-link" data-id="X7kp2Qa9" data-label="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</span>',
    ],
  ])('a link to an item with %s keeps what is safe of it', (_, id, label, html) => {
    const link = new Y.XmlElement('itemLink');
    link.setAttribute('id', id);
    link.setAttribute('label', label);
    const snapshot = snapshotOf(element('paragraph', 'See ', link));
    expect(snapshot.html).toBe(`<p>See ${html}</p>`);
    // Search and exports read the label.
    expect(snapshot.text).toBe(`See ${label}`);
  });

  test.each([
    [
      'a file',
      { id: '0b7c3e2a-1d4f-4c6e-9a8b-2f1e3d4c5b6a', name: 'plan.pdf', type: 'application/pdf', size: '2048' },
      '<div data-type="file" data-id="0b7c3e2a-1d4f-4c6e-9a8b-2f1e3d4c5b6a" data-name="plan.pdf" data-mime="application/pdf" data-size="2048">plan.pdf</div>',
    ],
    [
      'an id that is no attachment id and a size that is no size',
      { id: '../../etc/passwd', name: 'x.png', type: 'image/png', size: '-1' },
      '<div data-type="file" data-name="x.png" data-mime="image/png" data-size="0">x.png</div>',
    ],
  ])('%s in a page keeps what is safe of it', (_, attributes, html) => {
    const file = new Y.XmlElement('pageFile');
    for (const [key, value] of Object.entries(attributes)) file.setAttribute(key, value);
    const snapshot = snapshotOf(file);
    expect(snapshot.html).toBe(html);
    expect(snapshot.text).toBe(attributes.name);
  });

  test.each([
    [
      'a member',
      '7',
      'Ada Lovelace',
      '<span data-type="mention" data-id="7" data-label="Ada Lovelace">@Ada Lovelace</span>',
    ],
    [
      'an id that is not a member id',
      '7" onclick="x',
      'Ada',
      '<span data-type="mention" data-label="Ada">@Ada</span>',
    ],
  ])('a mention of %s keeps what is safe of it', (_, id, label, html) => {
    const mention = new Y.XmlElement('mention');
    mention.setAttribute('id', id);
    mention.setAttribute('label', label);
    mention.setAttribute('mentionSuggestionChar', '@');
    const snapshot = snapshotOf(element('paragraph', 'Ask ', mention));
    expect(snapshot.html).toBe(`<p>Ask ${html}</p>`);
    expect(snapshot.text).toBe(`Ask @${label}`);
  });

  test('a node the schema does not know reads as an empty document, not a failed save', () => {
    expect(snapshotOf(element('script', 'alert(1)'))).toEqual({ html: '', text: '' });
  });
});

describe('a hostile document (any client may write anything into its Yjs document)', () => {
  /** An element with attributes. */
  function withAttributes(
    name: string,
    attributes: Record<string, string>,
    ...children: (Y.XmlElement | string)[]
  ) {
    const node = element(name, ...children);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
  }
  /** A paragraph whose text carries a link mark to `href`. */
  function linked(href: string) {
    const text = new Y.XmlText();
    text.insert(0, 'link', { link: { href } });
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [text]);
    return paragraph;
  }

  test.each(XSS_PAYLOADS)('the payload typed as text is shown as text: %s', (payload) => {
    const { html, text } = snapshotOf(element('paragraph', payload));
    // One paragraph and no other tag: every < of the payload is escaped.
    expect(html.replace(/^<p>|<\/p>$/g, '')).not.toContain('<');
    expect(text).toBe(payload.replace(/\s+/g, ' ').trim());
  });

  test.each<[string, () => Y.XmlElement]>([
    [
      'attributes on a known node',
      () => withAttributes('paragraph', { onclick: 'alert(1)', style: 'color:red' }, 'x'),
    ],
    [
      'a heading level that is markup',
      () => withAttributes('heading', { level: '1" onmouseover="alert(1)' }, 'x'),
    ],
    ['a javascript: link', () => linked('javascript:alert(1)')],
    ['a data: link', () => linked('data:text/html,<script>alert(1)</script>')],
    ['a protocol-relative link', () => linked('//evil.example')],
    [
      'a code block language that is markup',
      () => withAttributes('codeBlock', { language: '"><script>alert(1)</script>' }, 'x'),
    ],
    ['an iframe', () => withAttributes('iframe', { src: 'https://evil.example' })],
    ['an image with onerror', () => withAttributes('image', { src: 'x', onerror: 'alert(1)' })],
  ])('%s comes back harmless', (_, node) => {
    const { html } = snapshotOf(node());
    expect(html).not.toMatch(DANGEROUS_HTML);
  });
});
