// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { attributeOf, CONTEXT, MEMBERS, setupViewsTest } from '../views-test-setup';
import { CELL_TYPES } from './cell-registry';
import { CellValue } from './cell-value';

beforeAll(async () => {
  await setupViewsTest();
  // jsdom has no layout: ProseMirror measures the selection to scroll it into view.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect ??= () => rect as DOMRect;
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});
afterEach(cleanup);

const LONGTEXT = attributeOf('longtext');

/** Opens the long-text editor (its chunk loads lazily) and answers its text area. */
async function openEditor(data: unknown, initialText?: string) {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  const Edit = CELL_TYPES.longtext.Edit!;
  render(
    <Edit
      attribute={LONGTEXT}
      data={data}
      context={CONTEXT}
      members={MEMBERS}
      onCommit={onCommit}
      onCancel={onCancel}
      initialText={initialText}
    />,
  );
  // The editor (TipTap) comes in its own chunk: on a busy machine that takes more than a second.
  const content = await screen.findByRole('textbox', { name: 'longtext' }, { timeout: 15_000 });
  return { content, onCommit, onCancel };
}

const key = (target: HTMLElement, name: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  fireEvent.keyDown(target, { key: name, ...modifiers });
const selectAll = (content: HTMLElement) => key(content, 'a', { ctrlKey: true });
const tool = (name: string) => screen.getByRole('button', { name });
const committed = (onCommit: ReturnType<typeof vi.fn>) => onCommit.mock.calls[0]?.[0];

const FORMATTED =
  '<h2>Plan</h2>' +
  '<p><strong>bold</strong> <em>italic</em> <s>gone</s> <code>x = 1</code> ' +
  '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a">site</a></p>' +
  '<h3>Steps</h3>' +
  '<ul><li><p>one</p></li></ul>' +
  '<ol><li><p>two</p></li></ol>' +
  '<blockquote><p>quoted</p></blockquote>';

describe('the long-text editor', () => {
  test('the formatting it supports comes back as the same HTML (Ctrl+Enter commits)', async () => {
    const { content, onCommit } = await openEditor(FORMATTED);
    expect(content.querySelector('h2')?.textContent).toBe('Plan');
    key(content, 'Enter', { ctrlKey: true });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(committed(onCommit)).toBe(FORMATTED);
  });

  test('Cmd+Enter commits as well, and Save does the same', async () => {
    const first = await openEditor('<p>Hello</p>');
    key(first.content, 'Enter', { metaKey: true });
    expect(committed(first.onCommit)).toBe('<p>Hello</p>');
    cleanup();
    const second = await openEditor('<p>Hello</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(committed(second.onCommit)).toBe('<p>Hello</p>');
  });

  test('toolbar buttons format the selection and show what applies with aria-pressed', async () => {
    const { content, onCommit } = await openEditor('<p>Plan</p>');
    selectAll(content);
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tool('Bold'));
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tool('Heading 2'));
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe('<h2><strong>Plan</strong></h2>');
  });

  test.each([
    ['Strikethrough', '<p><s>One</s></p>'],
    ['Code', '<p><code>One</code></p>'],
    ['Heading 3', '<h3>One</h3>'],
    ['Bulleted list', '<ul><li><p>One</p></li></ul>'],
    ['Numbered list', '<ol><li><p>One</p></li></ol>'],
    ['Quote', '<blockquote><p>One</p></blockquote>'],
  ])('%s comes from the toolbar', async (name, html) => {
    const { content, onCommit } = await openEditor('<p>One</p>');
    selectAll(content);
    fireEvent.click(tool(name));
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe(html);
  });

  test('Ctrl+B and Ctrl+I toggle bold and italic', async () => {
    const { content, onCommit } = await openEditor('<p>Plan</p>');
    selectAll(content);
    key(content, 'b', { ctrlKey: true });
    key(content, 'i', { ctrlKey: true });
    expect(tool('Italic').getAttribute('aria-pressed')).toBe('true');
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe('<p><strong><em>Plan</em></strong></p>');
  });

  test('the toolbar is one tab stop; arrow keys move along it', async () => {
    await openEditor('<p>Plan</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    buttons[0]!.focus();
    key(toolbar, 'ArrowRight');
    expect(document.activeElement).toBe(buttons[1]);
    key(toolbar, 'End');
    expect(document.activeElement).toBe(tool('Link'));
  });

  test('Escape cancels without committing', async () => {
    const { content, onCommit, onCancel } = await openEditor('<p>Old</p>');
    selectAll(content);
    fireEvent.click(tool('Bold'));
    key(content, 'Escape');
    expect(onCancel).toHaveBeenCalled();
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('an empty document commits null', async () => {
    const fresh = await openEditor(null);
    key(fresh.content, 'Enter', { ctrlKey: true });
    expect(fresh.onCommit).toHaveBeenCalledWith(null, undefined);
    cleanup();
    const cleared = await openEditor('<p>Old</p>');
    selectAll(cleared.content);
    key(cleared.content, 'Backspace');
    key(cleared.content, 'Enter', { ctrlKey: true });
    expect(cleared.onCommit).toHaveBeenCalledWith(null, undefined);
  });

  test('typing into the cell starts the document with that character', async () => {
    const { content, onCommit } = await openEditor('<p>Old</p>', 'N');
    expect(content.textContent).toBe('N');
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe('<p>N</p>');
  });
});

describe('links in the long-text editor', () => {
  test('Ctrl+K links the selection to an https address (the scheme is added when missing)', async () => {
    const { content, onCommit } = await openEditor('<p>Docs</p>');
    selectAll(content);
    key(content, 'k', { ctrlKey: true });
    const field = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(field, { target: { value: 'example.com/docs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(tool('Link').getAttribute('aria-pressed')).toBe('true');
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/docs">Docs</a></p>',
    );
  });

  test('a javascript: address is refused with a message and never written', async () => {
    const { content, onCommit } = await openEditor('<p>Click</p>');
    selectAll(content);
    fireEvent.click(tool('Link'));
    const field = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.submit(field);
    expect(screen.getByRole('alert').textContent).toBe('Enter an http, https or mailto address.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe('<p>Click</p>');
  });

  test('Escape in the link field closes the field only', async () => {
    const { content, onCancel } = await openEditor('<p>Docs</p>');
    selectAll(content);
    key(content, 'k', { ctrlKey: true });
    key(screen.getByRole('textbox', { name: 'Link address' }), 'Escape');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('links with other schemes in the stored HTML lose the link, not the text', async () => {
    const { content, onCommit } = await openEditor(
      '<p><a href="javascript:alert(1)">one</a> <a href="data:text/html,x">two</a> <a href="mailto:ann@example.com">ann</a></p>',
    );
    expect(content.querySelectorAll('a')).toHaveLength(1);
    key(content, 'Enter', { ctrlKey: true });
    expect(committed(onCommit)).toBe(
      '<p>one two <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:ann@example.com">ann</a></p>',
    );
  });
});

describe('long text in the item panel', () => {
  test('the panel variant shows the formatting, sanitised; a cell shows one plain line', () => {
    const html =
      '<h2>Plan</h2><p><strong>Bold</strong><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)" onclick="alert(4)">bad</a> <a href="https://example.com" target="_blank">ok</a></p>';
    const { container } = render(
      <CellValue attribute={LONGTEXT} data={html} context={CONTEXT} members={MEMBERS} variant="panel" />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
    expect(container.querySelector('img, script, [onclick], [onerror]')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([null, 'https://example.com']);
    expect(links[1]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    cleanup();
    const cell = render(<CellValue attribute={LONGTEXT} data={html} context={CONTEXT} members={MEMBERS} />);
    expect(cell.container.querySelector('h2')).toBeNull();
    expect(cell.container.textContent).toBe('Plan Boldbad ok');
  });
});
