// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentBody } from './comment-body';
import { touchesItemComments } from './use-item-comments';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

afterEach(cleanup);

const names: Record<number, string> = { 7: 'Milo Member' };
const nameOf = (id: number) => names[id] ?? 'Removed User';

describe('CommentBody', () => {
  it('shows a mention with the member’s current name, and a gone member as Removed User', () => {
    const { container } = render(
      <CommentBody
        html='<p><span data-type="mention" data-id="7" data-label="Old Name">@Old Name</span> and <span data-type="mention" data-id="9" data-label="Gone">@Gone</span></p>'
        nameOf={nameOf}
      />,
    );
    const mentions = [...container.querySelectorAll('[data-type="mention"]')].map((node) => node.textContent);
    expect(mentions).toEqual(['@Milo Member', '@Removed User']);
  });

  it('keeps formatting and drops what is not on the allow-list', () => {
    const { container } = render(
      <CommentBody
        html='<p><strong>bold</strong><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p><script>alert(1)</script>'
        nameOf={nameOf}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.innerHTML).not.toMatch(/<img|<script|onerror|javascript:/);
  });

  it('lets each paragraph take its own direction', () => {
    const { container } = render(<CommentBody html="<p>مرحبا</p><p>hello</p>" nameOf={nameOf} />);
    expect([...container.querySelectorAll('p')].map((p) => p.getAttribute('dir'))).toEqual(['auto', 'auto']);
  });
});

describe('touchesItemComments', () => {
  it.each([
    [{ type: 'comment.created', id: 'c', row_version: 1, data: { item_id: 'i1' } }, true],
    [{ type: 'comment.created', id: 'c', row_version: 1, data: { item_id: 'i2' } }, false],
    [{ type: 'comment.deleted', id: 'c', row_version: 2 }, true],
    [{ type: 'comment.reaction.created', id: 'r', data: { item_id: 'i1' } }, true],
    [{ type: 'comment.reaction.deleted', id: 'r', data: { item_id: 'i2' } }, false],
    [{ type: 'item.updated', id: 'i1', row_version: 2, data: { item_id: 'i1' } }, false],
    [null, false],
    ['comment.created', false],
  ])('%j -> %s', (payload, touches) => {
    expect(touchesItemComments(payload, 'i1')).toBe(touches);
  });
});
